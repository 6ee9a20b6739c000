import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeAccount,
  eventually,
  logIn,
  logInAndJoin,
  ownerWithProgram,
  uniqueEmail,
  type OwnerWithProgram,
} from '../../scripts/testing/actors';
import { useBrowser } from '../../scripts/testing/browser';
import { clientsList } from '../../scripts/testing/clients-list';
import { seriousAxeViolations } from '../../scripts/testing/axe';
import { cookieBannerProblems, layoutProblems } from '../../scripts/testing/layout';

// The public pages, the portal, the scanner and the panel on the phones people use at the counter (issue 20):
// nothing scrolls sideways, no control's label is cut, no floating element (the bug-report button) lies over a
// control, and axe finds nothing serious or critical. Every page is visited as by someone who has not answered
// the cookie question yet (issue 33): the cookie banner is shown on it, takes at most a quarter of the screen
// and lies over no primary control and no open dialog (element boxes, scripts/testing/layout.ts).
const { newPage } = useBrowser();
const PHONES = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
];
let owner: OwnerWithProgram;
let customerEmail: string;
let cardNumber: string;

beforeAll(async () => {
  owner = await ownerWithProgram({
    rewards: [{ name: 'Kawa gratis', description: 'Dowolna kawa', cost: 100 }],
  });
  customerEmail = uniqueEmail('klient');
  const customer = await activeAccount('customer', customerEmail, 'Ola Klientka');
  const page = await newPage({ viewport: PHONES[1] });
  await page.goto(owner.program.enrolmentUrl);
  await logInAndJoin(page, customerEmail);
  await page.context().close();
  cardNumber = await eventually('the card to be issued', async () => {
    const res = await customer.call('GET', '/api/v1/customers/my-cards');
    const { items } = (await res.json()) as {
      items: { humanReadableId: string; qrPayload: string | null }[];
    };
    return items.find((c) => c.qrPayload)?.humanReadableId;
  });
});

const cookieBanner = (page: Page) => page.getByRole('dialog', { name: 'Pliki cookies' });

/** The layout's problems on the page as it is now, with the cookie banner shown (it comes 1 s after load). */
async function problemsHere(page: Page, where: string) {
  await cookieBanner(page).waitFor();
  return [...(await layoutProblems(page)), ...(await seriousAxeViolations(page))].map(
    (p) => `${where}: ${p}`,
  );
}

async function problemsOn(page: Page, path: string, ready: (page: Page) => Promise<unknown>) {
  await page.goto(path);
  await ready(page);
  return problemsHere(page, path);
}

/** A phone that has not answered the cookie question: the banner comes on every page. */
const phone = (viewport: { width: number; height: number }) =>
  newPage({ viewport, bypassCSP: true, consented: false });
const heading = (p: Page) => p.getByRole('heading', { level: 1 }).first().waitFor();

describe.each(PHONES)('on a $width×$height phone', (viewport) => {
  it('the public pages', async () => {
    const page = await phone(viewport);
    const problems: string[] = [];
    // the blog post has a price table: it scrolls inside its own box, the page does not (blog.e2e.spec.ts)
    for (const path of [
      '/',
      '/pomoc',
      '/regulamin',
      '/zaloguj',
      '/stworz-konto?typ=firma',
      '/blog',
      '/blog/jak-punkto-pomaga-malym-firmom',
    ])
      problems.push(...(await problemsOn(page, path, heading)));
    expect(problems).toEqual([]);
  });

  it('the banner stays under an open dialog (the delete-account confirmation)', async () => {
    const page = await phone(viewport);
    await logIn(page, '/zaloguj', customerEmail);
    await page.waitForURL((url) => url.pathname.startsWith('/klient'));
    await page.goto('/klient/ustawienia');
    await cookieBanner(page).waitFor();
    await page.getByRole('button', { name: 'Usuń konto' }).click();
    const confirm = page.getByRole('dialog', { name: 'Usunąć konto na zawsze?' });
    await confirm.waitFor();
    await page.waitForTimeout(300); // the modal's opening transition
    expect(await cookieBannerProblems(page)).toEqual([]);
    // the confirmation's own button is the one a tap reaches, and the banner is still there, underneath
    const submit = confirm.getByRole('button', { name: 'Usuń konto na zawsze' });
    const box = (await submit.boundingBox())!;
    // what a tap at its middle reaches (the page's own hit test)
    const hit = await page.evaluate(
      `document.elementFromPoint(${box.x + box.width / 2}, ${box.y + box.height / 2})?.closest('button')?.textContent ?? null`,
    );
    expect(hit).toBe('Usuń konto na zawsze');
    expect(await cookieBanner(page).isVisible()).toBe(true);
  });

  it("the portal's tabs scroll sideways with a visible hint that more tabs exist", async () => {
    const page = await newPage({ viewport });
    await logIn(page, '/zaloguj', customerEmail);
    await page.waitForURL((url) => url.pathname.startsWith('/klient'));
    const nav = page.getByRole('navigation', { name: 'Strefa klienta' });
    await nav.getByRole('link', { name: 'Ustawienia' }).waitFor();
    const more = nav.getByTestId('scroll-hint-after');
    const back = nav.getByTestId('scroll-hint-before');
    // at the start: more on the right, a fade with an arrow over the row's right edge
    await more.waitFor();
    const navBox = (await nav.boundingBox())!;
    const hintBox = (await more.boundingBox())!;
    expect(Math.abs(hintBox.x + hintBox.width - (navBox.x + navBox.width))).toBeLessThan(2);
    expect(await more.textContent()).toBe('›');
    expect(await back.count()).toBe(0);
    // scrolled to the end: the last tab is whole in view, the hint is on the left now
    await nav.getByRole('link', { name: 'Ustawienia' }).scrollIntoViewIfNeeded();
    await back.waitFor();
    await more.waitFor({ state: 'detached' });
  });

  it('the customer portal', async () => {
    const page = await phone(viewport);
    await logIn(page, '/zaloguj', customerEmail);
    await page.waitForURL((url) => url.pathname.startsWith('/klient'));
    const problems = [
      ...(await problemsOn(page, '/klient', (p) => p.getByRole('heading', { level: 1 }).first().waitFor())),
      ...(await problemsOn(page, '/klient/karty', (p) => p.getByTestId('card-number').waitFor())),
      ...(await problemsOn(page, '/klient/historia', (p) =>
        p.getByRole('heading', { level: 1 }).first().waitFor(),
      )),
      ...(await problemsOn(page, '/klient/profil', (p) =>
        p.getByRole('heading', { level: 1 }).first().waitFor(),
      )),
      ...(await problemsOn(page, '/klient/ustawienia', (p) =>
        p.getByRole('heading', { level: 1 }).first().waitFor(),
      )),
    ];
    expect(problems).toEqual([]);
  });

  it('the scanner with a card found, and the panel', async () => {
    const page = await phone(viewport);
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname.startsWith('/panel'));
    const problems = await problemsOn(page, '/panel/skaner', async (p) => {
      await p.getByLabel('Numer karty, telefon, e-mail lub nazwisko').fill(cardNumber.replace(/ /g, ''));
      await p.getByRole('button', { name: 'Szukaj' }).click();
      await p.getByRole('region', { name: 'Karta klienta' }).getByTestId('scanner-card-number').waitFor();
    });
    for (const path of [
      '/panel',
      '/panel/klienci',
      '/panel/programy',
      '/panel/pracownicy',
      '/panel/ustawienia',
    ])
      problems.push(
        ...(await problemsOn(page, path, (p) => p.getByRole('heading', { level: 1 }).first().waitFor())),
      );
    // the client's page: data, card and its history
    await page.goto(`/panel/klienci?szukaj=${encodeURIComponent(customerEmail)}`);
    const client = clientsList(page).getByRole('link', { name: 'Ola Klientka' });
    const clientPath = (await client.getAttribute('href')) ?? '';
    problems.push(
      ...(await problemsOn(page, clientPath, (p) =>
        p.getByRole('list', { name: 'Historia karty' }).waitFor(),
      )),
    );
    expect(problems).toEqual([]);
  });
});

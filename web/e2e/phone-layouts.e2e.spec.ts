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
import { seriousAxeViolations } from '../../scripts/testing/axe';
import { layoutProblems } from '../../scripts/testing/layout';

// The portal, the scanner and the panel on the phones people use at the counter (issue 20): nothing scrolls
// sideways, no control's label is cut, no floating element (the bug-report button) lies over a control, and axe
// finds nothing serious or critical.
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

async function problemsOn(page: Page, path: string, ready: (page: Page) => Promise<unknown>) {
  await page.goto(path);
  await ready(page);
  return [...(await layoutProblems(page)), ...(await seriousAxeViolations(page))].map((p) => `${path}: ${p}`);
}

describe.each(PHONES)('on a $width×$height phone', (viewport) => {
  it('the customer portal', async () => {
    const page = await newPage({ viewport, bypassCSP: true });
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
    const page = await newPage({ viewport, bypassCSP: true });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname.startsWith('/panel'));
    const problems = await problemsOn(page, '/panel/skaner', async (p) => {
      await p.getByLabel('Numer karty, telefon lub e-mail').fill(cardNumber.replace(/ /g, ''));
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
    const client = page.getByRole('table', { name: 'Klienci' }).getByRole('link', { name: 'Ola Klientka' });
    const clientPath = (await client.getAttribute('href')) ?? '';
    problems.push(
      ...(await problemsOn(page, clientPath, (p) =>
        p.getByRole('list', { name: 'Historia karty' }).waitFor(),
      )),
    );
    expect(problems).toEqual([]);
  });
});

import { warsawDate } from '@punkto/contracts/warsaw-time';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeAccount,
  eventually,
  logIn,
  ownerWithProgram,
  uniqueEmail,
  type OwnerWithProgram,
} from '../../scripts/testing/actors';
import { PHONE, useBrowser } from '../../scripts/testing/browser';
import type { CookieClient } from '../../scripts/testing/http-client';

// The birthday reward (issue 34, ADR 0058) in a browser, against the built product (`npm run build` first): the
// owner switches the program's birthday reward on in the panel; a customer on a phone gives the birthday (today's
// day and month) in /klient/profil and sees the reward on /klient/karty; the owner gives it out at the scanner,
// and the customer's card then says it was given out.
const { newPage } = useBrowser();

let owner: OwnerWithProgram;
let customer: CookieClient;
const email = uniqueEmail('urodziny');
// today's Warsaw day and month as the selects' values (`7`, `3`)
const [, month, day] = warsawDate(new Date()).split('-').map(Number);
const today = { day: String(day), month: String(month) };

beforeAll(async () => {
  owner = await ownerWithProgram();
  customer = await activeAccount('customer', email, 'Ola Urodzinowa');
  const joined = await customer.call('POST', `/api/v1/tenants/${owner.tenantId}/join`, {
    programId: owner.program.id,
  });
  expect(joined.status, await joined.clone().text()).toBe(201);
  await eventually('the card issued', async () => {
    const res = await customer.call('GET', '/api/v1/customers/my-cards');
    return ((await res.json()) as { items: unknown[] }).items.length > 0 ? true : undefined;
  });
});

describe('the birthday reward', () => {
  it('is switched on by the owner in the program’s edit page', async () => {
    const page = await newPage({ viewport: { width: 1280, height: 900 } });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname === '/panel');
    await page.goto(`/panel/programy/${owner.program.id}`);
    const section = page.getByRole('region', { name: 'Nagroda urodzinowa' });
    await section.getByRole('switch', { name: 'Nagroda urodzinowa' }).check();
    await section.getByLabel('Nazwa nagrody urodzinowej').fill('Darmowa kawa na urodziny');
    await section.getByLabel('Dni po urodzinach').fill('5');
    await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await page.getByText('Zmiany w programie zostały zapisane.').waitFor();
    // the card ledger learns the program's rules from the bus
    await eventually('the program’s birthday reward', async () => {
      const res = await owner.client.call('GET', `/api/v1/tenants/${owner.tenantId}/loyalty-programs`);
      const { items } = (await res.json()) as {
        items: Array<{ birthdayReward: { daysAfter: number } | null }>;
      };
      return items[0]?.birthdayReward?.daysAfter === 5 ? true : undefined;
    });
  });

  it('a customer gives the birthday on a phone and sees the reward on the card', async () => {
    const page = await newPage({ viewport: PHONE });
    await logIn(page, '/zaloguj?type=customer', email);
    await page.waitForURL((url) => url.pathname.startsWith('/klient'));
    await page.goto('/klient/profil');
    const form = page.getByRole('form', { name: 'Urodziny' });
    await form.getByLabel('Dzień').selectOption(today.day);
    await form.getByLabel('Miesiąc').selectOption(today.month);
    await form.getByRole('button', { name: 'Zapisz datę urodzin' }).click();
    await form.getByTestId('birthday-saved').waitFor();

    await eventually('the reward on the card', async () => {
      await page.goto('/klient/karty');
      const note = page.getByRole('region', { name: 'Nagroda urodzinowa' });
      await note.waitFor({ timeout: 3_000 }).catch(() => undefined);
      return (await note.isVisible()) ? true : undefined;
    });
    const note = page.getByRole('region', { name: 'Nagroda urodzinowa' });
    await note.getByText('Darmowa kawa na urodziny').waitFor();
    expect(await note.textContent()).toMatch(
      /Do odebrania do \d{1,2} \p{L}+ \d{4} — pokaż kartę przy kasie\./u,
    );
    // the phone shows it without sideways scrolling
    expect(await note.evaluate((el) => el.ownerDocument.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
  });

  it('the owner gives it out at the scanner once; the customer’s card then says so', async () => {
    const page = await newPage({ viewport: PHONE });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname === '/panel');
    await page.goto('/panel/skaner');
    await page.getByLabel('Numer karty, telefon, e-mail lub nazwisko').fill(email);
    await page.getByRole('button', { name: 'Szukaj' }).click();
    const note = page.getByRole('region', { name: 'Nagroda urodzinowa' });
    await note.getByRole('button', { name: 'Wydaj nagrodę urodzinową' }).click();
    await page.getByRole('button', { name: 'Tak, wydaj' }).click();
    await note.getByText('Nagroda urodzinowa została już wydana.').waitFor();
    expect(await note.getByRole('button', { name: 'Wydaj nagrodę urodzinową' }).count()).toBe(0);

    const mine = await customer.call('GET', '/api/v1/customers/my-cards');
    const { items } = (await mine.json()) as {
      items: Array<{ birthdayReward: { redeemedAt: string | null } }>;
    };
    expect(items[0]!.birthdayReward.redeemedAt).not.toBeNull();
  });
});

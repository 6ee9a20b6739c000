import { warsawFormat } from '@punkto/contracts/warsaw-format';
import { addMonths, warsawDate } from '@punkto/contracts/warsaw-time';
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

// Points expiry (issue 34, ADR 0062) in a browser on a phone, against the built product (`npm run build` first): the
// owner switches expiry „6 months after earning” on in the program's edit page; staff award a visit; the customer
// sees on /klient/karty how many points expire and on which day (today + 6 months, Warsaw calendar), staff the same
// at the scanner.
const { newPage } = useBrowser();

let owner: OwnerWithProgram;
let customer: CookieClient;
const email = uniqueEmail('wygasanie');
const longDate = warsawFormat({ dateStyle: 'long' });

beforeAll(async () => {
  owner = await ownerWithProgram();
  customer = await activeAccount('customer', email, 'Ola Wygasająca');
  const joined = await customer.call('POST', `/api/v1/tenants/${owner.tenantId}/join`, {
    programId: owner.program.id,
  });
  expect(joined.status, await joined.clone().text()).toBe(201);
  await eventually('the card issued', async () => {
    const res = await customer.call('GET', '/api/v1/customers/my-cards');
    return ((await res.json()) as { items: unknown[] }).items.length > 0 ? true : undefined;
  });
});

describe('points expiry', () => {
  it('is switched on by the owner on a phone, in the program’s edit page', async () => {
    const page = await newPage({ viewport: PHONE });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname === '/panel');
    await page.goto(`/panel/programy/${owner.program.id}`);
    const section = page.getByRole('region', { name: 'Wygasanie punktów' });
    await section.getByText('Domyślnie punkty nie wygasają.', { exact: false }).waitFor();
    await section.getByRole('radio', { name: 'Określony czas po zdobyciu' }).check();
    await section.getByLabel('Liczba miesięcy').fill('6');
    await section
      .getByText('te, którym ustawiony czas już minął, wygasną najbliższej nocy', { exact: false })
      .waitFor();
    await section.getByRole('button', { name: 'Zapisz ustawienia wygasania' }).click();
    await page.getByText('Ustawienia wygasania zostały zapisane.').waitFor();
    expect(await section.evaluate((el) => el.ownerDocument.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    const saved = await owner.client.call(
      'GET',
      `/api/v1/tenants/${owner.tenantId}/loyalty-programs/${owner.program.id}/expiry-settings`,
    );
    expect(await saved.json()).toEqual({ mode: 'after_earning', months: 6 });

    // the warnings are the automatic message „Punkty wkrótce wygasną”: the section says so and leads there
    await section
      .getByText('włącz wiadomość automatyczną „Punkty wkrótce wygasną”', { exact: false })
      .waitFor();
    await section.getByRole('link', { name: 'Wiadomości' }).click();
    await page.waitForURL((url) => url.pathname === '/panel/wiadomosci');
    await page.getByRole('tab', { name: 'Wiadomości automatyczne' }).click();
    await page.getByRole('heading', { name: 'Punkty wkrótce wygasną' }).waitFor();
  });

  it('a customer on a phone sees how many points expire and when', async () => {
    const cards = (await (await customer.call('GET', '/api/v1/customers/my-cards')).json()) as {
      items: Array<{ cardId: string }>;
    };
    const awarded = await owner.client.call(
      'POST',
      `/api/v1/cards/${cards.items[0]!.cardId}/points-from-amount`,
      { amountGrosze: 4000 },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(awarded.status, await awarded.clone().text()).toBe(200);

    const page = await newPage({ viewport: PHONE });
    await logIn(page, '/zaloguj?type=customer', email);
    await page.waitForURL((url) => url.pathname.startsWith('/klient'));
    await page.goto('/klient/karty');
    const on = addMonths(warsawDate(new Date()), 6);
    await expect
      .poll(() => page.getByTestId('card-expiry').first().textContent(), { timeout: 20_000 })
      .toBe(`40 pkt wygaśnie ${longDate(`${on}T12:00:00Z`)}`);
    const note = page.getByTestId('card-expiry').first();
    expect(await note.evaluate((el) => el.ownerDocument.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
  });

  it('staff see the same at the scanner', async () => {
    const page = await newPage({ viewport: PHONE });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname === '/panel');
    await page.goto('/panel/skaner');
    await page.getByLabel('Numer karty, telefon, e-mail lub nazwisko').fill(email);
    await page.getByRole('button', { name: 'Szukaj' }).click();
    const on = addMonths(warsawDate(new Date()), 6);
    await expect
      .poll(() => page.getByTestId('card-expiry').first().textContent(), { timeout: 20_000 })
      .toBe(`40 pkt wygaśnie ${longDate(`${on}T12:00:00Z`)}`);
  });
});

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

// International phone numbers (issue 33, ADR 0042) in a browser, against the built product (`npm run build`
// first): a German customer gives a German number in the profile on a phone; the café sees it written
// internationally and finds the card at the scanner by whatever form staff type.
const { newPage } = useBrowser();

let owner: OwnerWithProgram;
let customer: CookieClient;
const email = uniqueEmail('jonas');

beforeAll(async () => {
  owner = await ownerWithProgram();
  customer = await activeAccount('customer', email, 'Jonas Becker');
});

describe('a foreign phone number', () => {
  it('is accepted in the profile, refused with a Polish message when broken, shown internationally', async () => {
    const page = await newPage({ viewport: PHONE });
    await logIn(page, '/zaloguj?type=customer', email);
    await page.waitForURL((url) => url.pathname.startsWith('/klient'));
    await page.goto('/klient/profil');
    const form = page.getByRole('form', { name: 'Numer telefonu' });
    const box = form.getByLabel('Telefon (opcjonalnie)');
    await box.fill('+49 12');
    await form.getByRole('button', { name: 'Zapisz numer' }).click();
    await form
      .getByText(
        'Nieprawidłowy numer telefonu — podaj polski numer (9 cyfr) albo numer z kierunkowym kraju',
        {
          exact: false,
        },
      )
      .waitFor();
    await box.fill('0049 151 23456789');
    await form.getByRole('button', { name: 'Zapisz numer' }).click();
    await form.getByText('+49 1512 3456789').waitFor();
    expect(await box.inputValue()).toBe('+49 1512 3456789');
  });

  it('lets the café see it and find the card by it at the scanner', async () => {
    const joined = await customer.call('POST', `/api/v1/tenants/${owner.tenantId}/join`, {
      programId: owner.program.id,
      phone: '+49 151 23456789',
    });
    expect(joined.status, await joined.clone().text()).toBe(201);
    await eventually('the card issued', async () => {
      const res = await customer.call('GET', '/api/v1/customers/my-cards');
      return ((await res.json()) as { items: unknown[] }).items.length > 0 ? true : undefined;
    });
    const page = await newPage({ viewport: { width: 1280, height: 900 } });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname === '/panel');
    await page.goto('/panel/klienci');
    const row = page.getByRole('table', { name: 'Klienci' }).getByRole('row', { name: /Jonas Becker/ });
    await row.getByText('+49 1512 3456789').waitFor();

    await page.goto('/panel/skaner');
    for (const typed of ['0049 151 23456789', '+4915123456789']) {
      await page.getByLabel('Numer karty, telefon, e-mail lub nazwisko').fill(typed);
      await page.getByRole('button', { name: 'Szukaj' }).click();
      const card = page.getByRole('region', { name: 'Karta klienta' });
      await card.getByText('Jonas Becker').waitFor();
      await page.goto('/panel/skaner');
    }
  });
});

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

// The scanner's search by name (issue 33, client management), against the built product (`npm run build` first):
// a customer who forgot the phone at the till is found by part of the name, typed without Polish letters.
const { newPage } = useBrowser();

let owner: OwnerWithProgram;

async function customerWithCard(name: string) {
  const client = await activeAccount('customer', uniqueEmail('szukany'), name);
  const joined = await client.call('POST', `/api/v1/tenants/${owner.tenantId}/join`, {
    programId: owner.program.id,
  });
  expect(joined.status, await joined.clone().text()).toBe(201);
  await eventually('the card issued', async () => {
    const res = await client.call('GET', '/api/v1/customers/my-cards');
    return ((await res.json()) as { items: unknown[] }).items.length > 0 ? true : undefined;
  });
}

beforeAll(async () => {
  owner = await ownerWithProgram();
  await customerWithCard('Łucja Żak');
  await customerWithCard('Jan Żakowski');
  await customerWithCard('Ola Nowak');
});

describe('the scanner finds a card by name', () => {
  it('on a phone: „zak” lists both matching clients, one tap opens the card', async () => {
    const page = await newPage({ viewport: PHONE });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname === '/panel');
    await page.goto('/panel/skaner');
    await page.getByLabel('Numer karty, telefon, e-mail lub nazwisko').fill('zak');
    await page.getByRole('button', { name: 'Szukaj' }).click();
    const found = page.getByRole('region', { name: 'Znalezione karty' });
    await found.getByRole('button', { name: /^Łucja Żak, karta / }).waitFor();
    await found.getByRole('button', { name: /^Jan Żakowski, karta / }).waitFor();
    expect(await found.getByText('Ola Nowak').count()).toBe(0);

    await found.getByRole('button', { name: /^Łucja Żak, karta / }).click();
    await page.getByRole('region', { name: 'Karta klienta' }).getByText('Łucja Żak').waitFor();
  });
});

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

// Replacing a client's card from the panel (issue 33, „Wymiana karty klienta”), against the built product
// (`npm run build` first): on a phone the owner replaces a lost card on the client's page; the card gets a new
// number, the old number and QR code are refused, the balance stays, and the customer's portal shows the new card.
const { newPage } = useBrowser();

let owner: OwnerWithProgram;
let customer: CookieClient;
let clientId = '';

type MyCard = { cardId: string; humanReadableId: string; qrPayload: string | null; points: number };
const myCard = async () =>
  ((await (await customer.call('GET', '/api/v1/customers/my-cards')).json()) as { items: MyCard[] }).items[0];

beforeAll(async () => {
  owner = await ownerWithProgram();
  customer = await activeAccount('customer', uniqueEmail('zgubiona'), 'Zofia Zgubiona');
  const joined = await customer.call('POST', `/api/v1/tenants/${owner.tenantId}/join`, {
    programId: owner.program.id,
  });
  expect(joined.status, await joined.clone().text()).toBe(201);
  clientId = ((await joined.json()) as { clientId: string }).clientId;
  const card = await eventually('the card issued', async () =>
    (await myCard())?.qrPayload ? myCard() : undefined,
  );
  const awarded = await owner.client.call(
    'POST',
    `/api/v1/cards/${card!.cardId}/points-from-amount`,
    { amountGrosze: 3000 },
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(awarded.status, await awarded.clone().text()).toBe(200);
});

describe('Wymień kartę', () => {
  it('gives the card a new number and QR on a phone; the old ones are refused, the points stay', async () => {
    const before = (await myCard())!;
    const page = await newPage({ viewport: PHONE });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname === '/panel');
    await page.goto(`/panel/klienci/${clientId}`);
    await page.getByTestId('client-card-number').filter({ hasText: before.humanReadableId }).waitFor();

    await page.getByRole('button', { name: 'Wymień kartę' }).click();
    const dialog = page.getByRole('dialog', { name: 'Wymienić kartę klienta?' });
    await dialog
      .getByText(`Obecny kod (${before.humanReadableId}) przestanie działać`, { exact: false })
      .waitFor();
    await dialog.getByRole('button', { name: 'Wymień kartę' }).click();
    await page.getByText('Wygenerowano nową kartę. Nowy numer:', { exact: false }).waitFor();

    const after = (await myCard())!;
    expect(after.cardId).toBe(before.cardId);
    expect(after.humanReadableId).not.toBe(before.humanReadableId);
    expect(after.points).toBe(30);
    await page.getByTestId('client-card-number').filter({ hasText: after.humanReadableId }).waitFor();
    // the old number and the old QR code no longer find the card; the new ones do
    const lookup = (query: string) => owner.client.call('GET', `/api/v1/cards?${query}`);
    expect((await lookup(`humanReadableId=${before.humanReadableId}`)).status).toBe(404);
    expect((await lookup(`qr=${encodeURIComponent(before.qrPayload!)}`)).status).toBeGreaterThanOrEqual(400);
    expect((await lookup(`humanReadableId=${after.humanReadableId}`)).status).toBe(200);
  });

  it('corrects the name and the phone on the client’s page; the scanner finds the card by the new phone', async () => {
    const page = await newPage({ viewport: PHONE });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname === '/panel');
    await page.goto(`/panel/klienci/${clientId}`);
    const form = page.getByRole('form', { name: 'Dane klienta do poprawy' });
    await form.getByLabel('Imię i nazwisko').fill('Zofia Odnaleziona');
    await form.getByLabel('Telefon (opcjonalnie)').fill('600 12');
    await form.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await form.getByText('podaj polski numer (9 cyfr)', { exact: false }).waitFor();
    await form.getByLabel('Telefon (opcjonalnie)').fill('600 555 444');
    await form.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await page.getByText('Zapisano dane klienta.').waitFor();
    await page.getByRole('heading', { name: 'Zofia Odnaleziona' }).waitFor();
    await page.getByText('+48 600 555 444').waitFor();

    await page.goto('/panel/skaner');
    await page.getByLabel('Numer karty, telefon, e-mail lub nazwisko').fill('600555444');
    await page.getByRole('button', { name: 'Szukaj' }).click();
    await page.getByRole('region', { name: 'Karta klienta' }).getByText('Zofia Odnaleziona').waitFor();
  });
});

import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeAccount,
  eventually,
  logIn,
  ownerWithProgram,
  PASSWORD,
  uniqueEmail,
  type OwnerWithProgram,
} from '../../scripts/testing/actors';
import { PHONE, useBrowser } from '../../scripts/testing/browser';

// Erasure (issue 32, ADR 0046) in a browser, against the built product (`npm run build` first): a customer with a
// card deletes the account on a phone; the café's owner then finds them nowhere — not in the clients list, not
// by the phone or the name in its search, not on the client page, not in the CSV export, not at the scanner.
const { newPage } = useBrowser();

let owner: OwnerWithProgram;
const customer = { name: 'Zenon Znikający', email: uniqueEmail('zenon'), phone: '600 417 293' };
let clientId = '';

beforeAll(async () => {
  owner = await ownerWithProgram();
  const client = await activeAccount('customer', customer.email, customer.name);
  const joined = await client.call('POST', `/api/v1/tenants/${owner.tenantId}/join`, {
    programId: owner.program.id,
    phone: customer.phone,
  });
  expect(joined.status, await joined.clone().text()).toBe(201);
  clientId = ((await joined.json()) as { clientId: string }).clientId;
  await eventually('the card issued', async () => {
    const res = await client.call('GET', '/api/v1/customers/my-cards');
    return ((await res.json()) as { items: unknown[] }).items.length > 0 ? true : undefined;
  });
});

async function ownerOn(path: string): Promise<Page> {
  const page = await newPage({ viewport: { width: 1280, height: 900 } });
  await logIn(page, '/zaloguj', owner.email);
  await page.waitForURL((url) => url.pathname === '/panel');
  await page.goto(path);
  return page;
}

async function textOf(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function searchClients(page: Page, term: string) {
  await page.getByLabel('Szukaj klienta').fill(term);
  await page.getByText(`Nikt nie pasuje do „${term}”.`, { exact: false }).waitFor();
}

describe('a customer deletes the account', () => {
  it('and the café finds them nowhere: list, search, client page, CSV, scanner', async () => {
    const panel = await ownerOn('/panel/klienci');
    const table = panel.getByRole('table', { name: 'Klienci' });
    await table.getByText(customer.name).waitFor();

    const phone = await newPage({ viewport: PHONE });
    await logIn(phone, '/zaloguj?type=customer', customer.email);
    await phone.waitForURL((url) => url.pathname.startsWith('/klient'));
    await phone.goto('/klient/ustawienia');
    await phone.getByRole('button', { name: 'Usuń konto' }).click();
    const dialog = phone.getByRole('dialog', { name: 'Usunąć konto na zawsze?' });
    await dialog.getByLabel('Hasło').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Usuń konto na zawsze' }).click();
    await phone.getByText('Twoje konto zostało usunięte.').waitFor();

    // within seconds: the list no longer has them
    await eventually('the customer gone from the list', async () => {
      await panel.reload();
      await panel.getByRole('heading', { name: 'Klienci' }).first().waitFor();
      await panel.waitForLoadState('networkidle');
      return (await panel.getByText(customer.name).count()) === 0 ? true : undefined;
    });
    for (const term of ['600417293', 'Zenon']) {
      await searchClients(panel, term);
      await panel.getByText('Nie znaleziono klientów').waitFor();
    }
    await panel.goto(`/panel/klienci/${clientId}`);
    await panel.getByText('Ten klient nie istnieje albo nie należy do Twojej firmy.').waitFor();

    await panel.goto('/panel/klienci');
    await panel.getByText('Nie masz jeszcze klientów').waitFor();
    const [download] = await Promise.all([
      panel.waitForEvent('download'),
      panel.getByRole('button', { name: 'Eksportuj CSV' }).click(),
    ]);
    const csv = await textOf(download);
    expect(csv).not.toMatch(/Zenon|600417293|600 417 293|zenon\./i);

    await panel.goto('/panel/skaner');
    await panel.getByLabel('Numer karty, telefon, e-mail lub nazwisko').fill(customer.phone);
    await panel.getByRole('button', { name: 'Szukaj' }).click();
    await panel.getByText('Nie znaleziono kart tego klienta.').waitFor();
    expect(await panel.getByRole('region', { name: 'Karta klienta' }).count()).toBe(0);
  });

  it('the owner removes a client on a phone: the dialog says what it means, the client and the card are gone', async () => {
    const olga = { name: 'Olga Odchodząca', email: uniqueEmail('olga') };
    const client = await activeAccount('customer', olga.email, olga.name);
    const joined = await client.call('POST', `/api/v1/tenants/${owner.tenantId}/join`, {
      programId: owner.program.id,
    });
    expect(joined.status, await joined.clone().text()).toBe(201);
    const id = ((await joined.json()) as { clientId: string }).clientId;
    const cardId = await eventually('the card issued', async () => {
      const res = await client.call('GET', '/api/v1/customers/my-cards');
      return ((await res.json()) as { items: { cardId: string }[] }).items[0]?.cardId;
    });

    const page = await newPage({ viewport: PHONE });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname === '/panel');
    await page.goto(`/panel/klienci/${id}`);
    await page.getByRole('heading', { name: olga.name }).waitFor();
    await page.getByRole('button', { name: 'Usuń klienta' }).click();
    const dialog = page.getByRole('dialog', { name: `Usunąć klienta ${olga.name}?` });
    await dialog.getByText('zebrane punkty, pieczątki i nagrody przepadną', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Usuń klienta' }).click();
    await page.getByText('Klient został usunięty z firmy.').waitFor();
    await page.waitForURL((url) => url.pathname === '/panel/klienci');
    await page.getByRole('heading', { name: 'Klienci' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(olga.name).count()).toBe(0);
    // the card is closed at the card ledger (staff lookups see it closed)
    await eventually('the card closed', async () => {
      const res = await owner.client.call('GET', `/api/v1/cards?cardId=${cardId}`);
      const body = (await res.json()) as { status?: string };
      return res.status === 404 || body.status === 'closed' ? true : undefined;
    });
  });
});

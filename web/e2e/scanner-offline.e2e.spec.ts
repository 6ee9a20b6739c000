import { dammCheckDigit } from '@punkto/contracts/cards';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeAccount,
  eventually,
  logIn,
  openScanner,
  ownerWithProgram,
  uniqueEmail,
  type OwnerWithProgram,
} from '../../scripts/testing/actors';
import { DESKTOP, PHONE, useBrowser } from '../../scripts/testing/browser';
import type { CookieClient } from '../../scripts/testing/http-client';
import { layoutProblems } from '../../scripts/testing/layout';
import { readCards, readQueue, writeQueue } from './scanner-offline-db';

// The staff scanner without a connection (ADR 0015), in a browser against the built product: the owner looks
// three cards up while online, the connection drops (network emulation), the cards are still found (as they
// were) and the three awards wait in the browser's queue; when the connection returns exactly three awards are
// booked. The same three queue entries (same Idempotency-Keys) replayed again book nothing more. Three awards on
// one card queued within seconds are all booked: the replay sends each one's scan time, so the card's scan
// cooldown does not refuse them (ADR 0048). An award the server refuses (the program was switched off meanwhile)
// is shown with the server's reason. Offline, large amounts are still confirmed and rewards wait for the
// connection; signing out forgets the cards the device cached. The scanner's page opens again after a reload
// without a connection, queue included (ADR 0049; its manifest: scanner-install.e2e.spec.ts).

const { newPage } = useBrowser();

let owner: OwnerWithProgram;
const REWARDS = [{ name: 'Kawa gratis', description: 'Dowolna kawa', cost: 5 }];
type Customer = { client: CookieClient; name: string; cardNumber: string };
let customers: Customer[] = [];

/** A customer who joined the owner's program (through the API); the card ledger issues the card from the bus. */
async function customerWithCard(name: string): Promise<Customer> {
  const client = await activeAccount('customer', uniqueEmail('klient'), name);
  const joined = await client.call('POST', `/api/v1/tenants/${owner.tenantId}/join`, {
    programId: owner.program.id,
  });
  expect(joined.status, await joined.clone().text()).toBe(201);
  const cardNumber = await eventually('the card to be issued', async () => {
    const res = await client.call('GET', '/api/v1/customers/my-cards');
    if (res.status !== 200) return undefined;
    const { items } = (await res.json()) as {
      items: { humanReadableId: string; qrPayload: string | null }[];
    };
    return items.find((c) => c.qrPayload)?.humanReadableId;
  });
  return { client, name, cardNumber };
}

/**
 * The customer's session made in beforeAll lives on, but its access token lasts 20 s here (the e2e setting):
 * refreshed before each read, as the portal would on its 401, so a slow run does not read a 401 as a balance.
 */
async function freshSession(customer: Customer): Promise<void> {
  const res = await customer.client.call('GET', '/api/v1/users/refresh');
  expect(res.status, await res.clone().text()).toBe(200);
}

async function balance(customer: Customer): Promise<number> {
  await freshSession(customer);
  const res = await customer.client.call('GET', '/api/v1/customers/my-cards');
  const { items } = (await res.json()) as { items: { points: number }[] };
  return items[0]?.points ?? -1;
}

/** how many awards the card's history holds (the customer's own view of it) */
async function awardsInHistory(customer: Customer): Promise<number> {
  await freshSession(customer);
  const res = await customer.client.call(
    'GET',
    '/api/v1/customers/my-history?pageNumber=1&pageSize=50&activityType=points_earned',
  );
  expect(res.status).toBe(200);
  const { items } = (await res.json()) as { items: { type: string }[] };
  return items.filter((i) => i.type === 'points_earned').length;
}

beforeAll(async () => {
  owner = await ownerWithProgram({ rewards: REWARDS });
  customers = await Promise.all(
    ['Jan Kowalski', 'Ewa Nowak', 'Olga Wiśniewska'].map((name) => customerWithCard(name)),
  );
});

afterAll(() => {
  customers = [];
});

async function scannerPage(): Promise<Page> {
  const page = await newPage({ viewport: PHONE });
  await openScanner(page, owner.email);
  return page;
}

async function findCard(page: Page, customer: Customer) {
  await page.getByLabel('Numer karty, telefon, e-mail lub nazwisko').fill(customer.cardNumber);
  await page.getByRole('button', { name: 'Szukaj' }).click();
  const section = page.getByRole('region', { name: 'Karta klienta' });
  await section.getByRole('heading', { name: customer.name }).waitFor();
  expect(await section.getByTestId('scanner-card-number').textContent()).toBe(customer.cardNumber);
  return section;
}

async function awardOffline(page: Page, customer: Customer, amount: string) {
  const section = await findCard(page, customer);
  // as it was when seen online, and said so
  expect(await section.getByTestId('scanner-card-cached').textContent()).toMatch(
    /^stan z \d{2}:\d{2}, bez połączenia$/,
  );
  await page.getByLabel('Kwota zakupu (zł)').fill(amount);
  await page.getByRole('button', { name: 'Przyznaj punkty' }).click();
  await page.getByRole('status').filter({ hasText: 'Zapisano w kolejce' }).waitFor();
  await section.getByRole('button', { name: 'Inna karta' }).click();
}

/** the toasts of the last actions are gone (they float over the page for 4 s) */
const noToasts = (page: Page) =>
  page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });

const queueCount = (page: Page) => page.getByTestId('scanner-queue-count');

/** the connection comes back: the scanner books its queue of `count` and says so; the queue is gone */
async function backOnlineBooked(page: Page, count: number) {
  await page.context().setOffline(false);
  await page
    .locator('[data-sonner-toast]')
    .filter({ hasText: `Połączenie wróciło: zaksięgowano operacje z kolejki (${count}).` })
    .waitFor();
  await queueCount(page).waitFor({ state: 'detached' });
}

describe('the scanner without a connection', () => {
  it('queues three awards offline, books exactly three when the connection returns, and a second replay books nothing', async () => {
    const page = await scannerPage();
    // online: the three cards are looked up, so the device knows them
    for (const customer of customers) {
      const section = await findCard(page, customer);
      expect(await section.getByTestId('scanner-card-cached').count()).toBe(0);
      await section.getByRole('button', { name: 'Inna karta' }).click();
    }

    await page.context().setOffline(true);
    const banner = page.getByRole('status', { name: 'Brak połączenia' });
    await banner
      .getByText(
        'Punkty i pieczątki zapiszemy i wyślemy automatycznie po powrocie połączenia. Nagrody wydasz po jego powrocie.',
      )
      .waitFor();

    // a card never seen on this device is not found, and says why
    await page
      .getByLabel('Numer karty, telefon, e-mail lub nazwisko')
      .fill(`123456789${dammCheckDigit('123456789')}`);
    await page.getByRole('button', { name: 'Szukaj' }).click();
    await page.getByRole('alert').filter({ hasText: 'tej karty nie sprawdzano na tym urządzeniu' }).waitFor();

    await awardOffline(page, customers[0]!, '10');
    await awardOffline(page, customers[1]!, '20');
    await awardOffline(page, customers[2]!, '30');
    expect(await queueCount(page).textContent()).toBe('3');
    await banner.getByText('W kolejce: 3').waitFor();
    const list = page.getByRole('list', { name: 'Kolejka do wysłania' });
    expect(await list.getByRole('listitem').count()).toBe(3);
    await list.getByRole('listitem', { name: `Jan Kowalski · karta ${customers[0]!.cardNumber}` }).waitFor();
    expect(await list.getByRole('listitem').first().textContent()).toContain('Zakup 10,00 zł');

    await noToasts(page);
    // the banner and the queue on a 390×844 phone: nothing cut, nothing over a control
    expect(await layoutProblems(page)).toEqual([]);

    const stored = await readQueue(page);
    expect(stored).toHaveLength(3);
    expect(new Set(stored.map((e) => e.idempotencyKey)).size).toBe(3);
    // nothing reached the server yet
    for (const customer of customers) expect(await balance(customer)).toBe(0);

    await page.context().setOffline(false);
    await banner.waitFor({ state: 'detached' });
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Połączenie wróciło: zaksięgowano operacje z kolejki (3).' })
      .waitFor();
    await queueCount(page).waitFor({ state: 'detached' });
    expect(await readQueue(page)).toEqual([]);
    expect(await Promise.all(customers.map(balance))).toEqual([10, 20, 30]);
    expect(await Promise.all(customers.map(awardsInHistory))).toEqual([1, 1, 1]);

    // the same three entries, with their keys, replayed once more: answered as before, nothing booked
    await page.evaluate(writeQueue(stored));
    expect(await readQueue(page)).toHaveLength(3);
    await page.evaluate(`window.dispatchEvent(new Event('online'))`);
    await expect.poll(async () => (await readQueue(page)).length, { timeout: 15_000 }).toBe(0);
    expect(await Promise.all(customers.map(balance))).toEqual([10, 20, 30]);
    expect(await Promise.all(customers.map(awardsInHistory))).toEqual([1, 1, 1]);

    // back online, a card shows its current balance again
    const section = await findCard(page, customers[2]!);
    expect(await section.getByTestId('scanner-balance').textContent()).toBe('30 pkt');
    expect(await section.getByTestId('scanner-card-cached').count()).toBe(0);
  });

  it('books three awards queued on one card within seconds; shows a refusal with the server’s reason', async () => {
    const page = await scannerPage();
    const customer = customers[0]!;
    const before = await balance(customer);
    const section = await findCard(page, customer);
    await section.getByRole('button', { name: 'Inna karta' }).click();

    await page.context().setOffline(true);
    await page.getByRole('status', { name: 'Brak połączenia' }).waitFor();
    // rewards wait for the connection: they need the live balance
    const offlineCard = await findCard(page, customer);
    await page.getByText('Nagrody wydasz po powrocie połączenia', { exact: false }).waitFor();
    expect(
      await page
        .getByRole('listitem', { name: 'Kawa gratis' })
        .getByRole('button', { name: 'Wydaj nagrodę' })
        .isDisabled(),
    ).toBe(true);
    // an unusual amount is confirmed first offline too, and cancelling queues nothing
    await page.getByLabel('Kwota zakupu (zł)').fill('400');
    await page.getByRole('button', { name: 'Przyznaj punkty' }).click();
    const confirm = page.getByRole('dialog', { name: 'Czy kwota jest poprawna?' });
    await confirm.getByRole('button', { name: 'Anuluj' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await readQueue(page)).toEqual([]);
    // the card as it was, the banner and the held-back reward on a 390×844 phone
    expect(await layoutProblems(page)).toEqual([]);
    await offlineCard.getByRole('button', { name: 'Inna karta' }).click();
    await awardOffline(page, customer, '5');
    await awardOffline(page, customer, '6');
    await awardOffline(page, customer, '7');
    expect(await queueCount(page).textContent()).toBe('3');

    // back online: all three booked, one right after the other, no refusal (the scan times go with them)
    await backOnlineBooked(page, 3);
    expect(await page.getByRole('list', { name: 'Odrzucone operacje' }).count()).toBe(0);
    expect(await balance(customer)).toBe(before + 18);

    // an award the server does refuse: the program is switched off while the scanner is offline
    await page.context().setOffline(true);
    await page.getByRole('status', { name: 'Brak połączenia' }).waitFor();
    await awardOffline(page, customer, '8');
    const programPath = `/api/v1/tenants/${owner.tenantId}/loyalty-programs/${owner.program.id}`;
    const program = (active: boolean) => ({
      kind: 'points',
      name: 'Kawa za punkty',
      description: 'Za każdą złotówkę 1 punkt, za 100 punktów kawa gratis.',
      pointsPerPln: 1,
      rewards: REWARDS,
      active,
    });
    const putProgram = (active: boolean) => owner.client.call('PUT', programPath, program(active));
    const off = await putProgram(false);
    expect(off.status, await off.clone().text()).toBe(200);
    try {
      await page.context().setOffline(false);
      const refused = page.getByRole('list', { name: 'Odrzucone operacje' });
      const item = refused.getByRole('listitem', { name: `Jan Kowalski · karta ${customer.cardNumber}` });
      await item.getByText('Program lojalnościowy tej karty jest nieaktywny.').waitFor();
      expect(await item.textContent()).toContain('Zakup 8,00 zł');
      await page.getByRole('heading', { name: 'Odrzucone po powrocie połączenia' }).waitFor();
      await queueCount(page).waitFor({ state: 'detached' });
      expect(await balance(customer)).toBe(before + 18);
      await noToasts(page);
      expect(await layoutProblems(page)).toEqual([]);

      await item.getByRole('button', { name: 'Usuń z listy' }).click();
      await refused.waitFor({ state: 'detached' });
      expect(await readQueue(page)).toEqual([]);
    } finally {
      const on = await putProgram(true);
      expect(on.status, await on.clone().text()).toBe(200);
    }
  });

  it('opens again after a reload without a connection, with its queue, and books it once when the connection returns', async () => {
    const page = await scannerPage();
    const customer = customers[1]!;
    const before = await balance(customer);
    // the panel registered the scanner's service worker; once it controls the page it has the shell and the code
    await expect
      .poll(() => page.evaluate('!!navigator.serviceWorker.controller'), { timeout: 30_000 })
      .toBe(true);
    await (await findCard(page, customer)).getByRole('button', { name: 'Inna karta' }).click();

    await page.context().setOffline(true);
    await awardOffline(page, customer, '12');
    await awardOffline(page, customer, '13');
    expect(await queueCount(page).textContent()).toBe('2');

    // the page is loaded again without a connection (the service worker's own too): it answers with the app's shell
    const [worker] = page.context().serviceWorkers();
    expect(await worker!.evaluate("fetch('/healthz').then(() => 'online', () => 'offline')")).toBe('offline');
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await page.getByRole('heading', { name: 'Skaner kart', level: 1 }).waitFor();
    await page.getByRole('status', { name: 'Brak połączenia' }).waitFor();
    await queueCount(page).waitFor();
    expect(await queueCount(page).textContent()).toBe('2');
    const list = page.getByRole('list', { name: 'Kolejka do wysłania' });
    const entries = list.getByRole('listitem', { name: `Ewa Nowak · karta ${customer.cardNumber}` });
    expect(await entries.count()).toBe(2);
    expect(await list.textContent()).toMatch(/Zakup 12,00 zł.*Zakup 13,00 zł/);
    // a card seen before the reload is still found, and another award joins the queue
    await awardOffline(page, customer, '14');
    expect(await queueCount(page).textContent()).toBe('3');
    expect(await balance(customer)).toBe(before);

    // the API is never answered by the service worker: every call goes to the server
    const apiAnswers: boolean[] = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname.startsWith('/api/')) apiAnswers.push(res.fromServiceWorker());
    });
    await backOnlineBooked(page, 3);
    expect(await readQueue(page)).toEqual([]);
    expect(await balance(customer)).toBe(before + 39);
    expect(apiAnswers.length).toBeGreaterThan(0);
    expect(apiAnswers).not.toContain(true);
  });

  it('signing out forgets the cards seen on this device', async () => {
    const page = await newPage({ viewport: DESKTOP });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname.startsWith('/panel'));
    await page.goto('/panel/skaner');
    await (await findCard(page, customers[1]!)).waitFor();
    await expect.poll(async () => (await readCards(page)).length).toBe(1);

    await page.getByRole('button', { name: /Menu konta: Anna Właścicielka/ }).click();
    await page.getByRole('menuitem', { name: 'Wyloguj' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(async () => (await readCards(page)).length).toBe(0);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';
import { launchBrowser } from '../../scripts/testing/browser';
import { storeCookieConsent } from '../../scripts/testing/cookie-consent';
import { CookieClient } from '../../scripts/testing/http-client';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

// The staff scanner in a browser, against the built product (`npm run build` first): a customer joins a
// program through the enrolment link; the owner opens /panel/skaner, finds the card by its number, awards
// points for a purchase amount and sees the new balance; then decodes a PNG of the card's QR code through
// "Wczytaj zdjęcie kodu" (the bundled WebAssembly decoder: headless Chromium on Linux has no
// BarcodeDetector), gets the same card, and redeeming a reward the balance does not cover shows the Polish
// error.

const baseUrl = inject('baseUrl');
const PASSWORD = 'Kawa2026dobra';
const PHONE = { width: 390, height: 844 };

let browser: Browser;
let close: () => Promise<void>;
const contexts: BrowserContext[] = [];

let counter = 0;
const unique = () => `${Date.now().toString(36)}${++counter}`;
const uniqueEmail = (who: string) => `${who}.${unique()}@example.pl`;

/** Polls `probe` until it returns a value (not undefined); usable in hooks, where expect.poll is not. */
async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** The text of the newest message to `email` whose row matches `subject` (polls: mail goes through the bus). */
async function mailTo(email: string, subject: RegExp): Promise<string> {
  return eventually(`an e-mail to ${email} matching ${subject}`, async () => {
    const list = await (await fetch(`${baseUrl}/dev/mailbox`)).text();
    const row = list.split('<tr>').find((r) => r.includes(email) && subject.test(r));
    const id = /\/dev\/mailbox\/([0-9a-f-]{36})/.exec(row ?? '')?.[1];
    if (!id) return undefined;
    return (await fetch(`${baseUrl}/dev/mailbox/${id}`)).text();
  });
}

/** Registers and activates an account through the API; returns a signed-in cookie client. */
async function activeAccount(role: 'business_owner' | 'customer', email: string, username: string) {
  const client = new CookieClient(baseUrl);
  const registered = await client.call('POST', '/api/v1/users/register', {
    email,
    password: PASSWORD,
    username,
    role,
    acceptTerms: true,
  });
  expect(registered.status, await registered.clone().text()).toBe(201);
  const mail = await mailTo(email, /Aktywuj konto/);
  const token = /aktywacja-konta\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
  expect(token, 'activation link').toBeTruthy();
  const activated = await client.call('POST', '/api/v1/users/activate-account', { token });
  expect(activated.status).toBe(200);
  const login = await client.call('POST', '/api/v1/users/login', { email, password: PASSWORD });
  expect(login.status).toBe(200);
  return client;
}

type ProgramJson = { id: string; name: string; enrolmentUrl: string };

/** An owner with a configured company (address) and an active points program (1 pkt per zł), via the API. */
async function ownerWithProgram() {
  const email = uniqueEmail('wlasciciel');
  const client = await activeAccount('business_owner', email, 'Anna Właścicielka');
  const created = await client.call('POST', '/api/v1/tenants/create', {
    companyName: 'Kawiarnia Pod Lipą',
    nip: '5260250274',
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { tenantId } = (await created.json()) as { tenantId: string };
  await eventually('the token to carry the tenant', async () => {
    const res = await client.call('GET', '/api/v1/users/refresh');
    const body = (await res.json()) as { user?: { tenantId?: string | null } };
    return body.user?.tenantId === tenantId ? true : undefined;
  });
  const updated = await client.call('PATCH', `/api/v1/tenants/${tenantId}/update-tenant`, {
    address: { street: 'ul. Lipowa 1', postalCode: '00-001', city: 'Warszawa' },
  });
  expect(updated.status, await updated.clone().text()).toBe(200);
  const program = await client.call('POST', `/api/v1/tenants/${tenantId}/loyalty-programs`, {
    kind: 'points',
    name: 'Kawa za punkty',
    description: 'Za każdą złotówkę 1 punkt, za 100 punktów kawa gratis.',
    pointsPerPln: 1,
    rewards: [{ name: 'Kawa gratis', description: 'Dowolna kawa', cost: 100 }],
  });
  expect(program.status, await program.clone().text()).toBe(201);
  return { client, email, tenantId, program: (await program.json()) as ProgramJson };
}

async function newPage(viewport = PHONE, options: { bypassCSP?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({
    locale: 'pl-PL',
    viewport,
    baseURL: baseUrl,
    // axe-core is injected as an inline script, which the product's CSP forbids
    bypassCSP: options.bypassCSP ?? false,
  });
  contexts.push(context);
  await storeCookieConsent(context, baseUrl);
  return context.newPage();
}

let tempDir = '';
let owner: Awaited<ReturnType<typeof ownerWithProgram>>;

beforeAll(async () => {
  ({ browser, close } = await launchBrowser());
  owner = await ownerWithProgram();
  tempDir = await mkdtemp(join(tmpdir(), 'punkto-scanner-'));
});

afterAll(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
  await close?.();
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

type MyCardJson = { cardId: string; humanReadableId: string; qrPayload: string | null; email: string };

/** A customer joins the owner's program through the enrolment link (in a browser); returns the card. */
async function customerWithCard(): Promise<MyCardJson> {
  const email = uniqueEmail('klient');
  const customer = await activeAccount('customer', email, 'Jan Klient');
  const page = await newPage();
  await page.goto(owner.program.enrolmentUrl);
  await page.getByRole('link', { name: 'Zaloguj się, aby dołączyć' }).click();
  await page.waitForURL((url) => url.pathname === '/zaloguj');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Hasło/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Zaloguj się' }).last().click();
  await page.waitForURL((url) => url.pathname === '/dodaj-karte-do-portfela');
  await page.getByRole('button', { name: 'Dołącz do programu' }).click();
  await page.getByText('Jesteś w programie!').waitFor();
  await page.context().close();
  // the card ledger issues the card from the bus
  return eventually('the card to be issued', async () => {
    const res = await customer.call('GET', '/api/v1/customers/my-cards');
    if (res.status !== 200) return undefined;
    const { items } = (await res.json()) as { items: MyCardJson[] };
    const card = items.find((c) => c.qrPayload);
    return card ? { ...card, email } : undefined;
  });
}

async function ownerPage(): Promise<Page> {
  const page = await newPage();
  await page.goto('/zaloguj');
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel(/^Hasło/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Zaloguj się' }).last().click();
  await page.waitForURL((url) => url.pathname.startsWith('/panel'));
  return page;
}

describe('the staff scanner', () => {
  it('finds a card by number and by a QR image, awards points, and refuses a reward the balance does not cover', async () => {
    const myCard = await customerWithCard();
    expect(myCard.humanReadableId).toMatch(/^\d{4} \d{4} \d{2}$/);
    const page = await ownerPage();
    await page.goto('/panel/skaner');
    await page.getByRole('heading', { name: 'Skaner kart', level: 1 }).waitFor();

    // manual lookup by the number, typed without spaces
    await page.getByLabel('Numer karty, telefon lub e-mail').fill(myCard.humanReadableId.replace(/ /g, ''));
    await page.getByRole('button', { name: 'Szukaj' }).click();
    const cardSection = page.getByRole('region', { name: 'Karta klienta' });
    await cardSection.getByTestId('scanner-card-number').waitFor();
    expect(await cardSection.getByTestId('scanner-card-number').textContent()).toBe(myCard.humanReadableId);
    expect(await cardSection.getByTestId('scanner-balance').textContent()).toBe('0 pkt');
    const reward = page.getByRole('listitem', { name: 'Kawa gratis' });
    await reward.getByText('Za mało punktów: potrzeba 100, na karcie 0.').waitFor();

    // award points for a 42,50 zł purchase (1 pkt per zł, rounded down)
    await page.getByLabel('Kwota zakupu (zł)').fill('42,50');
    await page.getByRole('button', { name: 'Przyznaj punkty' }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Dodano 42 pkt. Saldo: 42 pkt' })
      .first()
      .waitFor();
    await expect.poll(() => cardSection.getByTestId('scanner-balance').textContent()).toBe('42 pkt');

    // another card: decode a PNG of the card's QR code through the file input → the same card opens
    await cardSection.getByRole('button', { name: 'Inna karta' }).click();
    const png = join(tempDir, 'karta.png');
    await QRCode.toFile(png, myCard.qrPayload ?? '', { width: 400, margin: 4 });
    await page.getByLabel('Zdjęcie kodu QR').setInputFiles(png);
    await cardSection.getByTestId('scanner-card-number').waitFor({ timeout: 20_000 });
    expect(await cardSection.getByTestId('scanner-card-number').textContent()).toBe(myCard.humanReadableId);
    expect(await cardSection.getByTestId('scanner-balance').textContent()).toBe('42 pkt');

    // the reward costs 100 pkt: the server refuses it with the Polish message
    await page
      .getByRole('listitem', { name: 'Kawa gratis' })
      .getByRole('button', { name: 'Wydaj nagrodę' })
      .click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Za mało punktów: potrzeba 100, na karcie 42.' })
      .first()
      .waitFor();
    expect(await cardSection.getByTestId('scanner-balance').textContent()).toBe('42 pkt');

    // the customer's e-mail finds the (only) card too
    await cardSection.getByRole('button', { name: 'Inna karta' }).click();
    await page.getByLabel('Numer karty, telefon lub e-mail').fill(myCard.email);
    await page.getByRole('button', { name: 'Szukaj' }).click();
    await cardSection.getByTestId('scanner-card-number').waitFor();
    expect(await cardSection.getByTestId('scanner-card-number').textContent()).toBe(myCard.humanReadableId);

    // no camera here (headless, nothing granted): a Polish explanation instead of a dead preview
    await cardSection.getByRole('button', { name: 'Inna karta' }).click();
    await page.getByRole('button', { name: 'Skanuj kod QR' }).click();
    await page.getByRole('alert').filter({ hasText: 'Aparat niedostępny' }).waitFor();
    await page.getByLabel('Numer karty, telefon lub e-mail').waitFor();
  });
});

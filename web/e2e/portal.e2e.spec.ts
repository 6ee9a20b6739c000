import { launchBrowser } from '../../scripts/testing/browser';
import { storeCookieConsent } from '../../scripts/testing/cookie-consent';
import { CookieClient } from '../../scripts/testing/http-client';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

// The customer portal in a browser, against the built product (`npm run build` first): a customer joins a
// program through the enrolment link, sees the card with its QR code in /klient/karty, and the open page
// follows an award made by the staff (through the API) live, without a reload; the history shows the award.
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

/** Serious/critical axe findings of the whole page (header included). */
async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: 'node_modules/axe-core/axe.min.js' });
  type AxeViolation = { id: string; impact: string | null; nodes: Array<{ target: unknown; html: string }> };
  const all = (await page.evaluate('axe.run().then((r) => r.violations)')) as AxeViolation[];
  return all
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.html}`).join(', ')}`,
    );
}

let customerEmail = '';
let owner: Awaited<ReturnType<typeof ownerWithProgram>>;

beforeAll(async () => {
  ({ browser, close } = await launchBrowser());
  owner = await ownerWithProgram();
});

afterAll(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
  await close?.();
});

describe('the customer portal', () => {
  it('a customer joins through the link, sees the card with its QR code, and an award shows up live', async () => {
    const email = uniqueEmail('klient');
    customerEmail = email;
    await activeAccount('customer', email, 'Jan Klient');
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
    await page.getByRole('link', { name: 'Przejdź do Moich kart' }).click();
    await page.waitForURL((url) => url.pathname === '/klient/karty');
    await page.getByRole('heading', { name: 'Moje karty', level: 1 }).waitFor();

    // the card is issued by the card ledger from the bus: the live stream brings it in without a reload
    const card = page.getByRole('article', { name: 'Kawiarnia Pod Lipą' });
    await card.waitFor({ timeout: 30_000 });
    await card.getByText('Kawa za punkty').waitFor();
    const number = (await card.getByTestId('card-number').textContent())?.trim() ?? '';
    expect(number).toMatch(/^\d{4} \d{4} \d{2}$/);
    const qr = card.getByRole('img', { name: `Kod QR karty ${number}` });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(await qr.getAttribute('data-qr-payload')).toMatch(/^P1\./);
    const box = await qr.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(200);
    expect(await card.getByTestId('card-balance').textContent()).toBe('0 pkt');
    await page.getByText('Saldo odświeża się na bieżąco').waitFor();

    // the owner finds the card by its number and awards points for a 42,50 zł purchase
    const lookup = await owner.client.call(
      'GET',
      `/api/v1/cards?humanReadableId=${encodeURIComponent(number)}`,
    );
    expect(lookup.status, await lookup.clone().text()).toBe(200);
    const { cardId } = (await lookup.json()) as { cardId: string };
    // a card command needs an Idempotency-Key (CookieClient sends no extra headers: plain fetch here)
    const awarded = await fetch(`${baseUrl}/api/v1/cards/${cardId}/points-from-amount`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: baseUrl,
        'idempotency-key': crypto.randomUUID(),
        cookie: `punkto_access=${owner.client.cookie('punkto_access') ?? ''}`,
      },
      body: JSON.stringify({ amountGrosze: 4250 }),
    });
    expect(awarded.status, await awarded.clone().text()).toBe(200);

    // the open page shows the new balance without a reload
    await expect
      .poll(() => card.getByTestId('card-balance').textContent(), { timeout: 5_000 })
      .toBe('42 pkt');

    // a new card: confirmed first, then a new number and QR code; the balance stays
    await card.getByRole('button', { name: 'Wygeneruj nową kartę' }).click();
    const confirm = page.getByRole('dialog', { name: 'Wygenerować nową kartę?' });
    await confirm.getByText(/przestanie działać/).waitFor();
    await confirm.getByRole('button', { name: 'Wygeneruj nową kartę' }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Wygenerowano nową kartę.' })
      .first()
      .waitFor();
    await expect.poll(() => card.getByTestId('card-number').textContent()).not.toBe(number);
    expect(await card.getByTestId('card-balance').textContent()).toBe('42 pkt');

    // the history lists the award; the filter lives in the URL
    await page
      .getByRole('navigation', { name: 'Strefa klienta' })
      .getByRole('link', { name: 'Historia' })
      .click();
    await page.getByRole('heading', { name: 'Historia', level: 1 }).waitFor();
    const history = page.getByRole('list', { name: 'Historia kart' });
    await history.getByText('+42 pkt').waitFor();
    await page.getByRole('combobox', { name: 'Rodzaj aktywności' }).click();
    await page.getByRole('option', { name: 'Punkty' }).click();
    await page.waitForURL((url) => url.searchParams.get('rodzaj') === 'points_earned');
    await history.getByText('+42 pkt').waitFor();
    await expect.poll(() => history.getByRole('listitem').count()).toBe(1);

    // the overview sums it up
    await page
      .getByRole('navigation', { name: 'Strefa klienta' })
      .getByRole('link', { name: 'Start' })
      .click();
    await page.getByRole('heading', { name: 'Witaj, Jan Klient!', level: 1 }).waitFor();
    await page.getByText('Aktywne karty lojalnościowe: 1.').waitFor();
    await page.getByRole('list', { name: 'Ostatnia aktywność' }).getByText('+42 pkt').waitFor();
  });

  it('the portal screens have no serious or critical axe violations', async () => {
    expect(customerEmail, 'the first test made a customer with a card').not.toBe('');
    const page = await newPage(PHONE, { bypassCSP: true });
    await page.goto('/zaloguj');
    await page.getByLabel('E-mail').fill(customerEmail);
    await page.getByLabel(/^Hasło/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Zaloguj się' }).last().click();
    await page.waitForURL((url) => url.pathname.startsWith('/klient'));
    const problems: string[] = [];
    const screens: Array<[string, () => Promise<void>]> = [
      ['/klient', () => page.getByRole('list', { name: 'Ostatnia aktywność' }).waitFor()],
      ['/klient/karty', () => page.getByTestId('card-balance').first().waitFor()],
      ['/klient/historia', () => page.getByRole('list', { name: 'Historia kart' }).waitFor()],
    ];
    for (const [path, ready] of screens) {
      await page.goto(path);
      await ready();
      problems.push(...(await seriousAxeViolations(page)).map((p) => `${path}: ${p}`));
    }
    expect(problems).toEqual([]);
  });
});

import { randomNip } from '@punkto/contracts/tenant';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { CookieClient } from './http-client';
import { eventually } from './eventually';

/**
 * The people of the e2e tests, against the product of the global setup: accounts made through the API (fast
 * set-up for tests about something else) or by hand in a browser (for tests about those screens), the dev
 * mailbox the product's e-mails land in, and the enrolment link a customer joins a program through.
 */
export const PASSWORD = 'Kawa2026dobra';

let counter = 0;
export const unique = () => `${Date.now().toString(36)}${++counter}`;
export const uniqueEmail = (who: string) => `${who}.${unique()}@example.pl`;

export { eventually };

// ── through the API ──

/** The text of the newest message to `email` whose row matches `subject` (polls: mail goes through the bus). */
export async function mailTo(email: string, subject: RegExp, baseUrl = inject('baseUrl')): Promise<string> {
  return eventually(`an e-mail to ${email} matching ${subject}`, async () => {
    const list = await (await fetch(`${baseUrl}/dev/mailbox`)).text();
    const row = list.split('<tr>').find((r) => r.includes(email) && subject.test(r));
    const id = /\/dev\/mailbox\/([0-9a-f-]{36})/.exec(row ?? '')?.[1];
    if (!id) return undefined;
    return (await fetch(`${baseUrl}/dev/mailbox/${id}`)).text();
  });
}

/** Registers and activates an account through the API; returns a signed-in cookie client. */
export async function activeAccount(
  role: 'business_owner' | 'customer',
  email: string,
  username: string,
  /** another product than the global setup's (e.g. one a test starts with other settings) */
  baseUrl = inject('baseUrl'),
): Promise<CookieClient> {
  const client = new CookieClient(baseUrl);
  const registered = await client.call('POST', '/api/v1/users/register', {
    email,
    password: PASSWORD,
    username,
    role,
    acceptTerms: true,
  });
  expect(registered.status, await registered.clone().text()).toBe(201);
  const mail = await mailTo(email, /Aktywuj konto/, baseUrl);
  const token = /aktywacja-konta\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
  expect(token, 'activation link').toBeTruthy();
  const activated = await client.call('POST', '/api/v1/users/activate-account', { token });
  expect(activated.status).toBe(200);
  const login = await client.call('POST', '/api/v1/users/login', { email, password: PASSWORD });
  expect(login.status).toBe(200);
  return client;
}

export type ProgramJson = { id: string; name: string; enrolmentUrl: string; shortCode: string };
type Reward = { name: string; description: string; cost: number };

/**
 * An owner of "Kawiarnia Pod Lipą" with a configured company (address) and an active points program
 * "Kawa za punkty" (1 pkt per zł, optionally with rewards), all through the API.
 */
export async function ownerWithProgram(options: { rewards?: Reward[]; baseUrl?: string } = {}) {
  const email = uniqueEmail('wlasciciel');
  const client = await activeAccount('business_owner', email, 'Anna Właścicielka', options.baseUrl);
  const nip = randomNip(); // one active company per NIP (ADR 0035)
  const created = await client.call('POST', '/api/v1/tenants/create', {
    companyName: 'Kawiarnia Pod Lipą',
    nip,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { tenantId } = (await created.json()) as { tenantId: string };
  // identity learns the tenant from the bus; the next refreshed token carries `tid`
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
    ...(options.rewards && { rewards: options.rewards }),
  });
  expect(program.status, await program.clone().text()).toBe(201);
  return { client, email, tenantId, nip, program: (await program.json()) as ProgramJson };
}
export type OwnerWithProgram = Awaited<ReturnType<typeof ownerWithProgram>>;

/**
 * A client created by the owner through the API in a programme (the owner's by default), and the id of the card
 * the card ledger issues from the bus (found as staff find it, by e-mail).
 */
export async function clientWithCard(
  owner: OwnerWithProgram,
  client: { name: string; email: string; programId?: string; marketingConsent?: boolean },
): Promise<string> {
  const created = await owner.client.call('POST', `/api/v1/tenants/${owner.tenantId}/create-client`, {
    programId: owner.program.id,
    marketingConsent: false,
    ...client,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  return eventually(`the card of ${client.email}`, async () => {
    const res = await owner.client.call(
      'GET',
      `/api/v1/cards/search?email=${encodeURIComponent(client.email)}`,
    );
    return ((await res.json()) as { items?: Array<{ cardId: string }> }).items?.[0]?.cardId;
  });
}

/** the sandbox's card that pays (services/billing/src/payments/sandbox-orders.ts SANDBOX_CARDS.success) */
const SANDBOX_PAYING_CARD = '4444333322221111';

/**
 * The owner buys a plan (monthly) in the sandbox's hosted checkout, through the gateway, as a person does with the
 * sandbox's paying card; resolves once the checkout accepted the card (the booking follows).
 */
export async function buyPlanInSandbox(
  owner: OwnerWithProgram,
  planId: 'basic' | 'extended' = 'basic',
  baseUrl = inject('baseUrl'),
) {
  await eventually('the trial', async () => {
    const res = await owner.client.call('GET', `/api/v1/tenants/${owner.tenantId}/tenant-subscription`);
    return res.status === 200 ? true : undefined;
  });
  const started = await owner.client.call('POST', '/api/v1/payments/initiate-payment', {
    tenantId: owner.tenantId,
    planId,
    isForYear: false,
  });
  expect(started.status, await started.clone().text()).toBe(201);
  const { redirectUri } = (await started.json()) as { redirectUri: string };
  const paid = await fetch(`${baseUrl}${new URL(redirectUri).pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: SANDBOX_PAYING_CARD, expiry: '12/30', cvc: '123' }).toString(),
  });
  expect(paid.status).toBeLessThan(400);
}

/**
 * An employee the owner invited with these permissions, who set a password from the invitation e-mail and
 * logged in: a signed-in cookie client and the employee's id.
 */
export async function invitedEmployee(
  owner: OwnerWithProgram,
  permissions: string[],
  /** another product than the global setup's (e.g. one a test starts with other settings) */
  baseUrl = inject('baseUrl'),
) {
  const email = uniqueEmail('pracownik');
  const invited = await owner.client.call('POST', `/api/v1/tenants/${owner.tenantId}/employees`, {
    email,
    name: 'Piotr Pracownik',
    permissions,
  });
  expect(invited.status, await invited.clone().text()).toBe(201);
  const { id } = (await invited.json()) as { id: string };
  const token = /reset-hasla\?token=([A-Za-z0-9_-]+)/.exec(await mailTo(email, /zaprasza/, baseUrl))?.[1];
  const client = new CookieClient(baseUrl);
  const set = await client.call('POST', '/api/v1/users/reset-password', { token, newPassword: PASSWORD });
  expect(set.status).toBe(200);
  // the account is activated through the bus: log in once it is
  await eventually('the employee to log in', async () => {
    const login = await client.call('POST', '/api/v1/users/login', { email, password: PASSWORD });
    return login.status === 200 ? true : undefined;
  });
  return { client, id, email };
}

// ── by hand, in a browser ──

/** Fills in /stworz-konto as a company owner ("Firma") or a customer ("Klient"). */
export async function registerInBrowser(page: Page, kind: 'Firma' | 'Klient', name: string, email: string) {
  await page.goto('/stworz-konto');
  await page.getByRole('button', { name: new RegExp(`^${kind}`) }).click();
  await page.getByLabel(kind === 'Firma' ? 'Imię i nazwisko właściciela' : 'Imię i nazwisko').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Hasło').fill(PASSWORD);
  await page.getByLabel(/Akceptuję/).check();
  await page.getByRole('button', { name: 'Załóż konto' }).click();
  await page.getByText('Link aktywacyjny wysłany').waitFor();
  expect(await page.getByText(email).isVisible()).toBe(true);
}

/** Opens the activation link from the dev mailbox page: the list → the message → the link. */
export async function activateFromMailbox(page: Page, email: string) {
  // the activation e-mail goes out just after the answer (identity's registration job, issue 36): like a person
  // who opened the mailbox a moment too early, reload it until the message is there
  const message = page
    .locator('tr', { hasText: email })
    .getByRole('link', { name: 'Aktywuj konto w Punkto' });
  await eventually(`the activation e-mail to ${email} in the dev mailbox`, async () => {
    await page.goto('/dev/mailbox');
    return (await message.count()) > 0 ? true : undefined;
  });
  await message.click();
  const text = (await page.locator('pre').first().textContent()) ?? '';
  const link = text.match(/https?:\/\/\S*\/aktywacja-konta\?token=\S+/)?.[0];
  expect(link, `activation link in:\n${text}`).toBeTruthy();
  await page.goto(link!);
  await page.getByText('Konto jest aktywne').waitFor();
}

/** Fills and submits the login form of the page that shows it. */
export async function submitLogin(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Hasło/).fill(password);
  await page.getByRole('button', { name: 'Zaloguj się' }).last().click();
}

/** Opens a login page (`/zaloguj`, optionally with `?type=…&redirect=…`) and submits the form. */
export async function logIn(page: Page, path: string, email: string, password = PASSWORD) {
  await page.goto(path);
  await submitLogin(page, email, password);
}

/** Signs a staff member in on `page` and opens the scanner, waiting for its heading. */
export async function openScanner(page: Page, email: string): Promise<void> {
  await logIn(page, '/zaloguj', email);
  await page.waitForURL((url) => url.pathname.startsWith('/panel'));
  await page.goto('/panel/skaner');
  await page.getByRole('heading', { name: 'Skaner kart', level: 1 }).waitFor();
}

/** A customer who registered, activated the account from the mailbox and logged in: lands on /klient. */
export async function signedUpCustomer(page: Page, name: string): Promise<string> {
  const email = uniqueEmail('klient');
  await registerInBrowser(page, 'Klient', name, email);
  await activateFromMailbox(page, email);
  await logIn(page, '/zaloguj?type=customer', email);
  await page.waitForURL((url) => url.pathname === '/klient');
  return email;
}

/** An owner who registered, activated and logged in, without a company yet: sent to /uzupelnij-konto. */
export async function signedUpOwner(page: Page, name: string): Promise<string> {
  const email = uniqueEmail('wlasciciel');
  await registerInBrowser(page, 'Firma', name, email);
  await activateFromMailbox(page, email);
  await logIn(page, '/zaloguj', email);
  await page.waitForURL((url) => url.pathname === '/uzupelnij-konto');
  return email;
}

/**
 * On a program's enrolment page (`enrolmentUrl`) as a visitor: "Zaloguj się, aby dołączyć", log in as the
 * customer, back on the enrolment page "Dołącz do programu" → "Jesteś w programie!".
 */
export async function logInAndJoin(page: Page, email: string) {
  await page.getByRole('link', { name: 'Zaloguj się, aby dołączyć' }).click();
  await page.waitForURL((url) => url.pathname === '/zaloguj');
  await submitLogin(page, email);
  await page.waitForURL((url) => url.pathname === '/dodaj-karte-do-portfela');
  await page.getByRole('button', { name: 'Dołącz do programu' }).click();
  await page.getByText('Jesteś w programie!').waitFor();
}

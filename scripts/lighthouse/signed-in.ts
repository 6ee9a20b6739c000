import { randomNip } from '@punkto/contracts/tenant';
import { CONSENT_COOKIE, NECESSARY_ONLY_CONSENT } from '../testing/cookie-consent';
import { CookieClient } from '../testing/http-client';
import { eventually } from '../testing/eventually';

/**
 * The people a signed-in Lighthouse run (scripts/lighthouse.mjs) is signed in as, made through the product's own
 * API as a person makes them: an owner who registered, activated the account from the e-mail, created the
 * company "Kawiarnia Pod Lipą" with an address and a points program, and a customer who joined that program
 * and got points for a purchase, so the panel's clients list, analytics and messages and the portal's
 * overview and card have something to show. Then each run gets the cookies of a login of its own.
 */
export type Role = 'owner' | 'customer';
export type Account = { role: Role; email: string; password: string };

/** A cookie as a browser is given it (the attributes of a Set-Cookie header, or the consent choice). */
export type BrowserCookie = {
  name: string;
  value: string;
  domain: string;
  path: string;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'Strict' | 'Lax' | 'None';
  /** seconds since the epoch; -1: a session cookie */
  expires: number;
};

const PASSWORD = 'Kawa2026dobra';

/** The role a page needs, from its path: the panel and the subscription pages an owner, `/klient` a customer. */
export function roleForPath(path: string): Role | undefined {
  const pathname = new URL(path, 'http://x').pathname;
  if (/^\/(panel|subskrypcja)(\/|$)/.test(pathname)) return 'owner';
  if (/^\/klient(\/|$)/.test(pathname)) return 'customer';
  return undefined;
}

async function expectStatus(res: Response, status: number, what: string): Promise<void> {
  if (res.status !== status)
    throw new Error(`${what}: HTTP ${res.status} (expected ${status}): ${await res.text()}`);
}

/** Registers, activates (the link from the dev mailbox, which answers on loopback only) and logs in. */
async function activeAccount(
  baseUrl: string,
  role: Role,
  username: string,
): Promise<[Account, CookieClient]> {
  const email = `lighthouse.${role}.${Date.now().toString(36)}@example.pl`;
  const client = new CookieClient(baseUrl);
  await expectStatus(
    await client.call('POST', '/api/v1/users/register', {
      email,
      password: PASSWORD,
      username,
      role: role === 'owner' ? 'business_owner' : 'customer',
      acceptTerms: true,
    }),
    201,
    `registering ${email}`,
  );
  const token = await eventually(`the activation e-mail to ${email}`, async () => {
    const list = await (await fetch(`${baseUrl}/dev/mailbox`)).text();
    const id = /\/dev\/mailbox\/([0-9a-f-]{36})/.exec(
      list.split('<tr>').find((row) => row.includes(email) && /Aktywuj konto/.test(row)) ?? '',
    )?.[1];
    if (!id) return undefined;
    const mail = await (await fetch(`${baseUrl}/dev/mailbox/${id}`)).text();
    return /aktywacja-konta\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
  });
  await expectStatus(
    await client.call('POST', '/api/v1/users/activate-account', { token }),
    200,
    `activating ${email}`,
  );
  await expectStatus(
    await client.call('POST', '/api/v1/users/login', { email, password: PASSWORD }),
    200,
    `logging in ${email}`,
  );
  return [{ role, email, password: PASSWORD }, client];
}

/** Makes the owner (company, program) and the customer (enrolled, one purchase awarded) through the API. */
export async function createAccounts(baseUrl: string): Promise<Record<Role, Account>> {
  const [owner, ownerClient] = await activeAccount(baseUrl, 'owner', 'Anna Właścicielka');
  const created = await ownerClient.call('POST', '/api/v1/tenants/create', {
    companyName: 'Kawiarnia Pod Lipą',
    nip: randomNip(), // one active company per NIP (ADR 0035)
  });
  await expectStatus(created, 201, 'creating the company');
  const { tenantId } = (await created.json()) as { tenantId: string };
  // identity learns the tenant from the bus; the next refreshed token carries it
  await eventually('the owner’s token to carry the company', async () => {
    const body = (await (await ownerClient.call('GET', '/api/v1/users/refresh')).json()) as {
      user?: { tenantId?: string | null };
    };
    return body.user?.tenantId === tenantId ? true : undefined;
  });
  await expectStatus(
    await ownerClient.call('PATCH', `/api/v1/tenants/${tenantId}/update-tenant`, {
      address: { street: 'ul. Lipowa 1', postalCode: '00-001', city: 'Warszawa' },
    }),
    200,
    'the company’s address',
  );
  const program = await ownerClient.call('POST', `/api/v1/tenants/${tenantId}/loyalty-programs`, {
    kind: 'points',
    name: 'Kawa za punkty',
    description: 'Za każdą złotówkę 1 punkt, za 100 punktów kawa gratis.',
    pointsPerPln: 1,
    rewards: [{ name: 'Kawa', description: 'Dowolna kawa z karty', cost: 100 }],
  });
  await expectStatus(program, 201, 'creating the program');
  const { id: programId } = (await program.json()) as { id: string };

  const [customer, customerClient] = await activeAccount(baseUrl, 'customer', 'Jan Klient');
  // the program reaches the tenant's join check through the bus only once: retried until it is there
  await eventually('the customer to join the program', async () => {
    const joined = await customerClient.call('POST', `/api/v1/tenants/${tenantId}/join`, {
      programId,
      marketingConsent: true,
    });
    return joined.status === 201 ? true : undefined;
  });
  const cardId = await eventually('the customer’s card', async () => {
    const res = await ownerClient.call(
      'GET',
      `/api/v1/cards/search?email=${encodeURIComponent(customer.email)}`,
    );
    if (res.status !== 200) return undefined;
    return ((await res.json()) as { items: Array<{ cardId: string }> }).items[0]?.cardId;
  });
  await expectStatus(
    await ownerClient.call(
      'POST',
      `/api/v1/cards/${cardId}/points-from-amount`,
      { amountGrosze: 4250 },
      { 'idempotency-key': crypto.randomUUID() },
    ),
    200,
    'awarding points',
  );
  return { owner, customer };
}

/** Parses one Set-Cookie header into what a browser stores. */
export function parseSetCookie(header: string, host: string, nowMs = Date.now()): BrowserCookie {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  const eq = pair.indexOf('=');
  const cookie: BrowserCookie = {
    name: pair.slice(0, eq),
    value: pair.slice(eq + 1),
    domain: host,
    path: '/',
    httpOnly: false,
    secure: false,
    sameSite: 'Lax',
    expires: -1,
  };
  for (const attribute of attributes) {
    const [key = '', value = ''] = attribute.split('=');
    switch (key.toLowerCase()) {
      case 'path':
        cookie.path = value;
        break;
      case 'httponly':
        cookie.httpOnly = true;
        break;
      case 'secure':
        cookie.secure = true;
        break;
      case 'samesite':
        cookie.sameSite =
          value.toLowerCase() === 'strict' ? 'Strict' : value.toLowerCase() === 'none' ? 'None' : 'Lax';
        break;
      case 'max-age':
        cookie.expires = Math.floor(nowMs / 1000) + Number(value);
        break;
      case 'expires':
        if (cookie.expires === -1) cookie.expires = Math.floor(Date.parse(value) / 1000);
        break;
    }
  }
  return cookie;
}

/**
 * A fresh login (a session of its own: a run that refreshes its token cannot spoil the next run's), as the
 * cookies the browser gets, plus a stored cookie choice ("Tylko niezbędne"): someone who signed in has answered
 * the consent dialog, which would otherwise be the largest thing these pages paint.
 */
export async function sessionCookies(baseUrl: string, account: Account): Promise<BrowserCookie[]> {
  const res = await fetch(`${baseUrl}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  await expectStatus(res, 200, `logging in ${account.email}`);
  const host = new URL(baseUrl).hostname;
  const cookies = res.headers.getSetCookie().map((header) => parseSetCookie(header, host));
  const consent: BrowserCookie = {
    name: CONSENT_COOKIE,
    value: NECESSARY_ONLY_CONSENT,
    domain: host,
    path: '/',
    httpOnly: false,
    secure: false,
    sameSite: 'Lax',
    expires: Math.floor(Date.now() / 1000) + 365 * 24 * 3600,
  };
  return [...cookies, consent];
}

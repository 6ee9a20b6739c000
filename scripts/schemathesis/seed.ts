// Seeds the product at BASE_URL for the API fuzzer, through the API only, and writes OUT/seed.json: a company
// (its own valid NIP) with a points program with a reward and a service, its owner, an employee holding every
// permission, and a customer who joined the program and so has a card — each with a signed-in session — and the
// real ids of them all, so that the fuzzer's path parameters name resources that exist (issue 36).
// The clients are the tests' CookieClient (a cookie jar that sends the page's own Origin, as the CSRF check wants).
//
//   BASE_URL=http://127.0.0.1:18190 OUT=.ci/out/schemathesis node --import tsx scripts/schemathesis/seed.ts
import { writeFileSync } from 'node:fs';
import { randomNip } from '../../contracts/src/tenant';
import { eventually } from '../testing/eventually';
import { CookieClient } from '../testing/http-client';

const base = process.env.BASE_URL;
const out = process.env.OUT;
if (!base || !out) throw new Error('BASE_URL and OUT are required');
const PASSWORD = 'Fuzz2026haslo';
let counter = 0;
const uniqueEmail = (who: string) => `fuzz.${who}.${Date.now().toString(36)}${++counter}@example.pl`;

/** `call`, its status checked, its JSON body (anything else: the text) */
async function call(
  client: CookieClient,
  method: string,
  path: string,
  body?: unknown,
  expected = [200, 201, 202, 204],
) {
  const res = await client.call(method, path, body);
  const text = await res.text();
  if (!expected.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the seed reads a few fields of many answers
  const json: any = text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  return { status: res.status, body: json };
}

/** The text of the newest dev-mailbox message to `email` whose row matches `subject`. */
const mailTo = (email: string, subject: RegExp) =>
  eventually(`an e-mail to ${email} matching ${subject}`, async () => {
    const list = await (await fetch(`${base}/dev/mailbox`)).text();
    const row = list.split('<tr>').find((r) => r.includes(email) && subject.test(r));
    const id = /\/dev\/mailbox\/([0-9a-f-]{36})/.exec(row ?? '')?.[1];
    return id && (await (await fetch(`${base}/dev/mailbox/${id}`)).text());
  });

async function activeAccount(role: 'business_owner' | 'customer', email: string, username: string) {
  const client = new CookieClient(base!);
  await call(client, 'POST', '/api/v1/users/register', {
    email,
    password: PASSWORD,
    username,
    role,
    acceptTerms: true,
  });
  const token = /aktywacja-konta\?token=([A-Za-z0-9_-]+)/.exec(await mailTo(email, /Aktywuj konto/))?.[1];
  await call(client, 'POST', '/api/v1/users/activate-account', { token });
  await call(client, 'POST', '/api/v1/users/login', { email, password: PASSWORD });
  return client;
}

// the owner, the company, its program (with a reward) and a service
const owner = await activeAccount('business_owner', uniqueEmail('owner'), 'Fuzz Owner');
const { tenantId } = (
  await call(owner, 'POST', '/api/v1/tenants/create', { companyName: 'Kawiarnia Fuzz', nip: randomNip() })
).body;
await eventually('the token to carry the tenant', async () =>
  (await call(owner, 'GET', '/api/v1/users/refresh')).body.user?.tenantId === tenantId ? true : undefined,
);
await call(owner, 'PATCH', `/api/v1/tenants/${tenantId}/update-tenant`, {
  address: { street: 'ul. Lipowa 1', postalCode: '00-001', city: 'Warszawa' },
});
const program = (
  await call(owner, 'POST', `/api/v1/tenants/${tenantId}/loyalty-programs`, {
    kind: 'points',
    name: 'Kawa za punkty',
    description: 'Za każdą złotówkę 1 punkt.',
    pointsPerPln: 1,
    rewards: [{ name: 'Kawa', description: 'Mała czarna', cost: 10 }],
  })
).body;
const service = (
  await call(owner, 'POST', `/api/v1/tenants/${tenantId}/services`, { name: 'Espresso', priceGrosze: 900 })
).body;

// an employee with every permission of the catalogue, signed in from the invitation e-mail
const permissions = (await call(owner, 'GET', '/api/v1/permissions')).body.permissions.map(
  (p: { key: string }) => p.key,
);
const employeeEmail = uniqueEmail('employee');
const { id: employeeId } = (
  await call(owner, 'POST', `/api/v1/tenants/${tenantId}/employees`, {
    email: employeeEmail,
    name: 'Fuzz Pracownik',
    permissions,
  })
).body;
const employee = new CookieClient(base);
const resetToken = /reset-hasla\?token=([A-Za-z0-9_-]+)/.exec(await mailTo(employeeEmail, /zaprasza/))?.[1];
await call(employee, 'POST', '/api/v1/users/reset-password', { token: resetToken, newPassword: PASSWORD });
await eventually('the employee to log in', async () => {
  const login = await call(
    employee,
    'POST',
    '/api/v1/users/login',
    { email: employeeEmail, password: PASSWORD },
    [200, 401, 403],
  );
  return login.status === 200 ? true : undefined;
});

// a customer who joined the program from its link: a client of the company with a card
const customer = await activeAccount('customer', uniqueEmail('customer'), 'Fuzz Klient');
const { clientId } = (
  await call(customer, 'POST', `/api/v1/tenants/${tenantId}/join`, { programId: program.id })
).body;
const cardId = await eventually(
  'the customer’s card',
  async () => (await call(customer, 'GET', '/api/v1/customers/my-cards')).body.items?.[0]?.cardId,
);

// billing learns of the company from its events: a payment once the trial exists
const paymentId = await eventually('a payment', async () => {
  const res = await call(
    owner,
    'POST',
    '/api/v1/payments/initiate-payment',
    { tenantId, planId: 'basic', isForYear: false },
    [201, 404],
  );
  return res.status === 201 ? (res.body.paymentId as string) : undefined;
});

const token = (client: CookieClient) => client.cookie('punkto_access');
const seed = {
  tokens: { owner: token(owner), employee: token(employee), customer: token(customer) },
  ids: {
    tenantId,
    programId: program.id,
    rewardId: program.rewards[0].id,
    shortCode: program.shortCode,
    serviceId: service.id,
    employeeId,
    clientId,
    cardId,
    paymentId,
  },
};
writeFileSync(`${out}/seed.json`, `${JSON.stringify(seed, null, 2)}\n`);
process.stdout.write(`seeded: ${JSON.stringify(seed.ids)}\n`);

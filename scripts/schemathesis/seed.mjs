// Seeds the product at BASE_URL for the API fuzzer, through the API only, and writes OUT/seed.json: a company
// (distinct valid NIP) with a points program with a reward and a service, its owner, an employee holding every
// permission, and a customer who joined the program and so has a card — each with a signed-in session — and the
// real ids of them all, so that the fuzzer's path parameters name resources that exist (issue 36).
// Every request sends `Origin` (cookie-authenticated unsafe requests without it are refused).
import { writeFileSync } from 'node:fs';

const base = process.env.BASE_URL;
const out = process.env.OUT;
if (!base || !out) throw new Error('BASE_URL and OUT are required');
const PASSWORD = 'Fuzz2026haslo';
let counter = 0;
const uniqueEmail = (who) => `fuzz.${who}.${Date.now().toString(36)}${++counter}@example.pl`;

/** A client with its own cookie jar, like a browser. */
function session() {
  const cookies = new Map();
  async function call(method, path, body, expected = [200, 201, 202, 204]) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        origin: base,
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [name, value] = line.split(';')[0].split('=');
      if (value) cookies.set(name, value);
    }
    const text = await res.text();
    if (!expected.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return {
      status: res.status,
      body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
    };
  }
  return { call, token: () => cookies.get('punkto_access') };
}

async function until(what, probe) {
  for (let i = 0; i < 150; i++) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The text of the newest dev-mailbox message to `email` whose row matches `subject`. */
const mailTo = (email, subject) =>
  until(`an e-mail to ${email} matching ${subject}`, async () => {
    const list = await (await fetch(`${base}/dev/mailbox`)).text();
    const row = list.split('<tr>').find((r) => r.includes(email) && subject.test(r));
    const id = /\/dev\/mailbox\/([0-9a-f-]{36})/.exec(row ?? '')?.[1];
    return id && (await (await fetch(`${base}/dev/mailbox/${id}`)).text());
  });

/** A valid NIP (checksum of weights 6,5,7,2,3,4,5,6,7 mod 11, never 10), different on every run. */
function randomNip() {
  const weights = [6, 5, 7, 2, 3, 4, 5, 6, 7];
  for (;;) {
    const digits = [
      1 + Math.floor(Math.random() * 9),
      ...Array.from({ length: 8 }, () => Math.floor(Math.random() * 10)),
    ];
    const check = digits.reduce((sum, d, i) => sum + d * weights[i], 0) % 11;
    if (check !== 10) return `${digits.join('')}${check}`;
  }
}

async function activeAccount(role, email, username) {
  const s = session();
  await s.call('POST', '/api/v1/users/register', {
    email,
    password: PASSWORD,
    username,
    role,
    acceptTerms: true,
  });
  const token = /aktywacja-konta\?token=([A-Za-z0-9_-]+)/.exec(await mailTo(email, /Aktywuj konto/))?.[1];
  await s.call('POST', '/api/v1/users/activate-account', { token });
  await s.call('POST', '/api/v1/users/login', { email, password: PASSWORD });
  return s;
}

// the owner, the company, its program (with a reward) and a service
const owner = await activeAccount('business_owner', uniqueEmail('owner'), 'Fuzz Owner');
const { tenantId } = (
  await owner.call('POST', '/api/v1/tenants/create', { companyName: 'Kawiarnia Fuzz', nip: randomNip() })
).body;
await until(
  'the token to carry the tenant',
  async () => (await owner.call('GET', '/api/v1/users/refresh')).body.user?.tenantId === tenantId,
);
await owner.call('PATCH', `/api/v1/tenants/${tenantId}/update-tenant`, {
  address: { street: 'ul. Lipowa 1', postalCode: '00-001', city: 'Warszawa' },
});
const program = (
  await owner.call('POST', `/api/v1/tenants/${tenantId}/loyalty-programs`, {
    kind: 'points',
    name: 'Kawa za punkty',
    description: 'Za każdą złotówkę 1 punkt.',
    pointsPerPln: 1,
    rewards: [{ name: 'Kawa', description: 'Mała czarna', cost: 10 }],
  })
).body;
const service = (
  await owner.call('POST', `/api/v1/tenants/${tenantId}/services`, { name: 'Espresso', priceGrosze: 900 })
).body;

// an employee with every permission of the catalogue, signed in from the invitation e-mail
const permissions = (await owner.call('GET', '/api/v1/permissions')).body.permissions.map((p) => p.key);
const employeeEmail = uniqueEmail('employee');
const { id: employeeId } = (
  await owner.call('POST', `/api/v1/tenants/${tenantId}/employees`, {
    email: employeeEmail,
    name: 'Fuzz Pracownik',
    permissions,
  })
).body;
const employee = session();
const resetToken = /reset-hasla\?token=([A-Za-z0-9_-]+)/.exec(await mailTo(employeeEmail, /zaprasza/))?.[1];
await employee.call('POST', '/api/v1/users/reset-password', { token: resetToken, newPassword: PASSWORD });
await until('the employee to log in', async () => {
  const login = await employee.call(
    'POST',
    '/api/v1/users/login',
    { email: employeeEmail, password: PASSWORD },
    [200, 401, 403],
  );
  return login.status === 200;
});

// a customer who joined the program from its link: a client of the company with a card
const customer = await activeAccount('customer', uniqueEmail('customer'), 'Fuzz Klient');
const { clientId } = (
  await customer.call('POST', `/api/v1/tenants/${tenantId}/join`, { programId: program.id })
).body;
const cardId = await until(
  'the customer’s card',
  async () => (await customer.call('GET', '/api/v1/customers/my-cards')).body.items?.[0]?.cardId,
);

// billing learns of the company from its events: a payment once the trial exists
const paymentId = await until('a payment', async () => {
  const res = await owner.call(
    'POST',
    '/api/v1/payments/initiate-payment',
    { tenantId, planId: 'basic', isForYear: false },
    [201, 404],
  );
  return res.status === 201 && res.body.paymentId;
});

const seed = {
  tokens: { owner: owner.token(), employee: employee.token(), customer: customer.token() },
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

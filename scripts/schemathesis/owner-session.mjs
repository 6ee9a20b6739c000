// Prints the access token of a fresh owner with a company on the product at BASE_URL, so the API fuzzer
// exercises authenticated operations too: register → activation link from the dev mailbox (loopback) →
// activate → log in → create the company → refresh until the token carries the tenant.
const base = process.env.BASE_URL;
if (!base) throw new Error('BASE_URL is required');
const cookies = new Map();
async function call(method, path, body) {
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
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.headers.get('content-type')?.includes('json') ? res.json() : res.text();
}
const until = async (what, probe) => {
  for (let i = 0; i < 100; i++) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
};

const email = `fuzz.${Date.now()}@example.pl`;
const password = 'Fuzz2026haslo';
await call('POST', '/api/v1/users/register', {
  email,
  password,
  username: 'Fuzz Owner',
  role: 'business_owner',
  acceptTerms: true,
});
const token = await until('the activation e-mail', async () => {
  const list = await (await fetch(`${base}/dev/mailbox`)).text();
  const id = /\/dev\/mailbox\/([0-9a-f-]{36})/.exec(
    list.split('<tr>').find((r) => r.includes(email)) ?? '',
  )?.[1];
  if (!id) return undefined;
  return /aktywacja-konta\?token=([A-Za-z0-9_-]+)/.exec(
    await (await fetch(`${base}/dev/mailbox/${id}`)).text(),
  )?.[1];
});
await call('POST', '/api/v1/users/activate-account', { token });
await call('POST', '/api/v1/users/login', { email, password });
/** a NIP of its own (checksum 6,5,7,2,3,4,5,6,7 mod 11): one active company per NIP (ADR 0035) */
function randomNip() {
  for (;;) {
    const d = [
      1 + Math.floor(Math.random() * 9),
      ...Array.from({ length: 8 }, () => Math.floor(Math.random() * 10)),
    ];
    const check = [6, 5, 7, 2, 3, 4, 5, 6, 7].reduce((sum, w, i) => sum + w * d[i], 0) % 11;
    if (check !== 10) return `${d.join('')}${check}`;
  }
}
const { tenantId } = await call('POST', '/api/v1/tenants/create', {
  companyName: 'Kawiarnia Fuzz',
  nip: randomNip(),
});
await until(
  'the token to carry the tenant',
  async () => (await call('GET', '/api/v1/users/refresh')).user?.tenantId === tenantId,
);
process.stdout.write(`${cookies.get('punkto_access')}\n`);

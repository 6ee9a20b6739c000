import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomNip } from '@punkto/contracts/tenant';
import { infraAddress } from '../../services/platform/src/testing/infra-env';
import { storedTextContaining } from '../testing/stored-text';
import { kafkaHits, mongoHits } from './erasure-reads';
import { CookieClient } from '../testing/http-client';
import { FakeWalletDevice } from '../../services/notification/src/passes/apple/testing/fake-wallet-device';
import { PUSHES_COLLECTION } from '../../services/notification/src/passes/providers/apns/recorded-apns';
import { freePort } from '@punkto/platform/testing/free-port';

/**
 * The REAL distributed smoke test: the production bundles (`npm run build:server`) of all six services and
 * the gateway run as separate processes on Kafka (bus) and a MongoDB-wire
 * server (documents, GridFS, relay/consumer checkpoints); only the event stores stay SQLite (EventStoreDB
 * cannot run here). Driven through the gateway as an HTTP client with a cookie jar:
 *
 *   register → activate (link from /dev/mailbox) → log in → POST /tenants/create
 *   → tenant's event store → relay → Kafka tenant.tenants.v1 → identity's consumer → identity's Mongo read
 *   model → the next /users/refresh issues a token with `tid`.
 *
 * Identity is SIGKILLed right after the first create; a second owner creates a tenant while identity is down;
 * identity restarts with the same environment and its consumer group must catch up from its committed offset:
 * both owners end up with their tenant, nothing lost.
 *
 * A payment (billing's sandbox provider): billing learns the company over Kafka (the trial), the owner pays
 * on the sandbox checkout through the gateway, the signed notification comes back through the gateway, and the
 * subscription is active with a VAT invoice in MongoDB; the card ledger gets the plan's limit over Kafka.
 */
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

const kafka = infraAddress('KAFKA_BROKERS');
const mongo = infraAddress('MONGODB_URL');
const missing = 'skipped' in kafka ? kafka.skipped : 'skipped' in mongo ? mongo.skipped : undefined;

interface Running {
  name: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<void>;
}

const running: Running[] = [];
// vitest stopped by the runner (Ctrl-C, timeout): no service may outlive it
process.once('exit', () => {
  for (const proc of running) proc.child.kill('SIGKILL');
});

/** One module per process through the one entry point (SERVICES=<name>), as a pod runs it (ADR 0028). */
function startProcess(name: string, env: NodeJS.ProcessEnv): Running {
  const child = spawn(process.execPath, ['--enable-source-maps', join(root, 'server/dist/main.js')], {
    cwd: root,
    env: { ...env, SERVICES: name },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const proc = { name, child, output: () => output, exited };
  running.push(proc);
  return proc;
}

async function stopProcess(proc: Running, signal: NodeJS.Signals = 'SIGTERM') {
  if (proc.child.exitCode === null && proc.child.signalCode === null) {
    proc.child.kill(signal);
    const timer = setTimeout(() => proc.child.kill('SIGKILL'), 5000);
    await proc.exited;
    clearTimeout(timer);
  }
  running.splice(running.indexOf(proc), 1);
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number, proc?: Running) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc && (proc.child.exitCode !== null || proc.child.signalCode !== null))
      throw new Error(`${what}: ${proc.name} exited early\n${proc.output()}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${timeoutMs / 1000} s${proc ? `\n${proc.output()}` : ''}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const healthy = (port: number) => async () =>
  (await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) })).ok;

class Client extends CookieClient {
  accessToken() {
    return this.cookie('punkto_access');
  }
}

/** `tid` of an access token (its payload only; the services verify the signature). */
const tidOf = (jwt: string | undefined) =>
  jwt
    ? (JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { tid?: string }).tid
    : undefined;

(missing ? describe.skip : describe)(
  `distributed product: identity, tenant, notification, gateway on Kafka + MongoDB-wire, SIGKILL of identity${missing ? ` — SKIPPED: ${missing}` : ''}`,
  () => {
    let dataDir: string;
    let gatewayUrl: string;
    const ports = {
      gateway: 0,
      identity: 0,
      tenant: 0,
      notification: 0,
      'card-ledger': 0,
      billing: 0,
      survey: 0,
    };
    let identityEnv: NodeJS.ProcessEnv;
    let identity: Running;

    beforeAll(async () => {
      if (!('address' in kafka) || !('address' in mongo)) return;
      const built = spawnSync(process.execPath, [join(root, 'scripts', 'build-server.mjs')], {
        cwd: root,
        encoding: 'utf8',
      });
      if (built.status !== 0) throw new Error(`build:server failed\n${built.stdout}\n${built.stderr}`);

      dataDir = await mkdtemp(join(tmpdir(), 'punkto-distributed-'));
      for (const name of Object.keys(ports) as (keyof typeof ports)[]) ports[name] = await freePort();
      gatewayUrl = `http://127.0.0.1:${ports.gateway}`;
      const url = (port: number) => `http://127.0.0.1:${port}`;
      const base: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        EVENT_STORE_ADAPTER: 'sqlite',
        BUS_ADAPTER: 'kafka',
        KAFKA_BROKERS: kafka.address,
        KAFKA_PARTITIONS: '3',
        // handled bus messages go 2 s after publishing (erasure below), not the default minute
        BUS_CONSUMED_RETENTION_SECONDS: '2',
        DOCUMENT_STORE_ADAPTER: 'mongodb',
        MONGODB_URL: mongo.address,
        BLOB_STORE_ADAPTER: 'gridfs',
        AUTH_JWKS_URL: `${url(ports.identity)}/.well-known/jwks.json`,
      };
      identityEnv = { ...base, PORT: String(ports.identity), PUBLIC_URL: gatewayUrl };
      identity = startProcess('identity', identityEnv);
      const tenant = startProcess('tenant', {
        ...base,
        PORT: String(ports.tenant),
      });
      const notification = startProcess('notification', {
        ...base,
        PORT: String(ports.notification),
        // what phones call back (the PassKit web service through the gateway)
        PUBLIC_URL: gatewayUrl,
      });
      // the services without cross-service flows yet still run distributed, so the whole product is up;
      // the survey service e-mails its NPS link (to the gateway) a second after a visit
      const quietServices = ['card-ledger', 'billing', 'survey'] as const;
      const others = quietServices.map((name) => ({
        name,
        proc: startProcess(name, {
          ...base,
          PORT: String(ports[name]),
          ...(name === 'survey' && { PUBLIC_URL: gatewayUrl, SURVEY_DELAY_SECONDS: '1' }),
          // the payer returns to, and the sandbox's notifications go to, this gateway
          ...(name === 'billing' && { PUBLIC_URL: gatewayUrl, PAYMENT_PROVIDER: 'sandbox' }),
        }),
      }));
      const gateway = startProcess('gateway', {
        ...base,
        HOST: '127.0.0.1',
        PORT: String(ports.gateway),
        WEB_DIST_DIR: '',
        IDENTITY_URL: url(ports.identity),
        TENANT_URL: url(ports.tenant),
        NOTIFICATION_URL: url(ports.notification),
        CARD_LEDGER_URL: url(ports['card-ledger']),
        BILLING_URL: url(ports.billing),
        SURVEY_URL: url(ports.survey),
      });
      await Promise.all([
        ...others.map(({ name, proc }) => waitUntil(`${name} ready`, healthy(ports[name]), 60_000, proc)),
        waitUntil('identity ready', healthy(ports.identity), 60_000, identity),
        waitUntil('tenant ready', healthy(ports.tenant), 60_000, tenant),
        waitUntil('notification ready', healthy(ports.notification), 60_000, notification),
        waitUntil('gateway ready', healthy(ports.gateway), 60_000, gateway),
      ]);
    }, 180_000);

    afterAll(async () => {
      await Promise.all([...running].map((proc) => stopProcess(proc)));
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    }, 60_000);

    async function activationToken(email: string): Promise<string> {
      let id: string | undefined;
      await waitUntil(
        `activation e-mail for ${email}`,
        async () => {
          const list = await (await fetch(`${gatewayUrl}/dev/mailbox`)).text();
          const row = list.split('<tr>').find((r) => r.includes(email));
          id = /\/dev\/mailbox\/([0-9a-f-]{36})/.exec(row ?? '')?.[1];
          return id !== undefined;
        },
        20_000,
      );
      const message = await (await fetch(`${gatewayUrl}/dev/mailbox/${id}`)).text();
      return /aktywacja-konta\?token=([A-Za-z0-9_-]+)/.exec(message)![1]!;
    }

    async function signedInOwner(
      name: string,
      role: 'business_owner' | 'customer' = 'business_owner',
      username = 'Anna Nowak',
    ) {
      const email = `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.pl`;
      const client = new Client(gatewayUrl);
      const registered = await client.call('POST', '/api/v1/users/register', {
        email,
        password: 'Kawa2026dobra',
        username,
        role,
        acceptTerms: true,
      });
      expect(registered.status, await registered.clone().text()).toBe(201);
      const token = await activationToken(email);
      expect((await client.call('POST', '/api/v1/users/activate-account', { token })).status).toBe(200);
      const login = await client.call('POST', '/api/v1/users/login', { email, password: 'Kawa2026dobra' });
      expect(login.status, await login.clone().text()).toBe(200);
      return Object.assign(client, {
        userId: ((await registered.json()) as { userId: string }).userId,
        email,
      });
    }

    async function createTenant(client: Client, companyName: string, nip: string) {
      const res = await client.call('POST', '/api/v1/tenants/create', { companyName, nip });
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { tenantId: string }).tenantId;
    }

    /** refresh + me until identity's read model has the tenant; returns the seconds it took */
    async function tenantArrives(client: Client, tenantId: string, timeoutMs = 30_000) {
      const started = Date.now();
      await waitUntil(
        `tenantId ${tenantId} in the owner's session`,
        async () => {
          const refreshed = await client.call('GET', '/api/v1/users/refresh');
          if (refreshed.status !== 200) return false;
          const me = await client.call('GET', '/api/v1/users/me');
          const profile = (await me.json()) as { tenantId: string | null };
          return profile.tenantId === tenantId && tidOf(client.accessToken()) === tenantId;
        },
        timeoutMs,
        identity,
      );
      return (Date.now() - started) / 1000;
    }

    /** an owner of „Kawiarnia Pod Lipą” (this NIP) with the points program „Kawa za punkty”, 1 pkt per zł */
    async function cafeWithProgram(nip: string) {
      const owner = await signedInOwner('wlasciciel');
      const tenantId = await createTenant(owner, 'Kawiarnia Pod Lipą', nip);
      await tenantArrives(owner, tenantId);
      const program = await owner.call('POST', `/api/v1/tenants/${tenantId}/loyalty-programs`, {
        kind: 'points',
        name: 'Kawa za punkty',
        description: 'Za każdą złotówkę 1 punkt.',
        pointsPerPln: 1,
      });
      expect(program.status, await program.clone().text()).toBe(201);
      return { owner, tenantId, programId: ((await program.json()) as { id: string }).id };
    }

    it('runs all six services on Kafka + MongoDB-wire behind the gateway, each ready on its engines', async () => {
      if (!('address' in kafka) || !('address' in mongo)) return;
      const res = await fetch(`${gatewayUrl}/readyz/upstreams`);
      expect(res.status).toBe(200);
      const checks = ((await res.json()) as { checks: Record<string, string> }).checks;
      expect(checks).toEqual({
        identity: 'ok',
        tenant: 'ok',
        'card-ledger': 'ok',
        billing: 'ok',
        survey: 'ok',
        notification: 'ok',
      });
    });

    it('TenantCreated reaches identity through Kafka across a SIGKILL of identity; nothing is lost', async () => {
      if (!('address' in kafka) || !('address' in mongo)) return;
      const anna = await signedInOwner('anna');
      const bartek = await signedInOwner('bartek');
      expect(tidOf(anna.accessToken())).toBeUndefined();

      const annaTenant = await createTenant(anna, 'Kawiarnia Pod Lipą', '123-456-32-18');
      identity.child.kill('SIGKILL'); // right after the create: the event may or may not have been consumed
      await stopProcess(identity);

      // identity is down: tenant still verifies the session (JWKS cached) and records the second tenant
      const bartekTenant = await createTenant(bartek, 'Barber Wąsik', '526-000-12-46');
      const down = await bartek.call('GET', '/api/v1/users/me');
      expect(down.status).toBeGreaterThanOrEqual(500);

      identity = startProcess('identity', identityEnv);
      await waitUntil('identity ready again', healthy(ports.identity), 60_000, identity);

      const annaSeconds = await tenantArrives(anna, annaTenant);
      const bartekSeconds = await tenantArrives(bartek, bartekTenant);
      console.log(
        `distributed product: the tenant created just before the SIGKILL reached identity ${annaSeconds.toFixed(1)} s after the restart; the one created while identity was down ${bartekSeconds.toFixed(1)} s later`,
      );

      // the refreshed token opens the owner's tenant through the gateway, and only that one
      const own = await anna.call('GET', `/api/v1/tenants/${annaTenant}`);
      expect(own.status).toBe(200);
      expect(await own.json()).toMatchObject({
        id: annaTenant,
        companyName: 'Kawiarnia Pod Lipą',
        nip: '1234563218',
      });
      expect((await anna.call('GET', `/api/v1/tenants/${bartekTenant}`)).status).toBe(403);
      // the read models really are in MongoDB: identity's users, tenant's tenants
      const client = await MongoClient.connect(mongo.address);
      try {
        const users = client
          .db('punkto_identity')
          .collection<{ _id: string; tenantId: string | null }>('users');
        for (const [owner, tenantId] of [
          [anna, annaTenant],
          [bartek, bartekTenant],
        ] as const)
          expect((await users.findOne({ _id: owner.userId }))?.tenantId).toBe(tenantId);
        const tenants = client.db('punkto_tenant').collection<{ _id: string; status: string }>('tenants');
        for (const tenantId of [annaTenant, bartekTenant])
          expect((await tenants.findOne({ _id: tenantId }))?.status).toBe('active');
      } finally {
        await client.close();
      }
      // one tenant per owner holds across processes too
      expect(
        (await anna.call('POST', '/api/v1/tenants/create', { companyName: 'Druga', nip: '5260001246' }))
          .status,
      ).toBe(409);
    }, 240_000);

    it('the pass path: an award reaches the phone holding the Apple pass (push recorded, new balance fetched)', async () => {
      if (!('address' in kafka) || !('address' in mongo)) return;
      const { owner, tenantId, programId } = await cafeWithProgram('526-025-02-74');

      const customer = await signedInOwner('klientka', 'customer');
      const joined = await customer.call('POST', `/api/v1/tenants/${tenantId}/join`, { programId });
      expect(joined.status, await joined.clone().text()).toBeLessThan(300);
      let cardId = '';
      await waitUntil(
        'the card issued over Kafka',
        async () => {
          const res = await customer.call('GET', '/api/v1/customers/my-cards');
          const { items } = (await res.json()) as { items: { cardId: string; qrPayload: string | null }[] };
          cardId = items[0]?.qrPayload ? items[0].cardId : '';
          return cardId !== '';
        },
        30_000,
      );
      // the pass is built from the notification service's copies, which arrive over Kafka too
      let pkpass: Buffer | undefined;
      await waitUntil(
        'the Apple pass',
        async () => {
          const res = await customer.call('GET', `/api/v1/cards/${cardId}/create-apple-pass/Karta.pkpass`);
          if (res.status === 200) pkpass = Buffer.from(await res.arrayBuffer());
          return res.status === 200;
        },
        30_000,
      );
      const root = readFileSync(join(dataDir, 'apple-pass-dev', 'root.pem'), 'utf8');
      const phone = new FakeWalletDevice(root);
      expect(await phone.add(pkpass!)).toBe(201);
      const serial = `${cardId}.1`;
      expect(phone.held(serial).json.webServiceURL).toBe(`${gatewayUrl}/api/v1/passkit`);
      await phone.onPush();

      const awarded = await owner.call(
        'POST',
        `/api/v1/cards/${cardId}/points-from-amount`,
        { amountGrosze: 1500 },
        { 'idempotency-key': `award-${cardId}` },
      );
      expect(awarded.status, await awarded.clone().text()).toBe(200);
      const client = await MongoClient.connect(mongo.address);
      try {
        const pushes = client.db('punkto_notification').collection<{ pushToken: string }>(PUSHES_COLLECTION);
        await waitUntil(
          'the push to the phone',
          async () => (await pushes.countDocuments({ pushToken: phone.pushToken })) > 0,
          30_000,
        );
      } finally {
        await client.close();
      }
      expect(await phone.onPush()).toEqual([serial]);
      expect(phone.field(serial, 'balance')?.value).toBe(15);
      expect(phone.notices).toEqual(['Masz teraz %@ pkt'.replace('%@', '15')]);

      // the same award was a visit: the survey service (its own process) learnt the card, the client's e-mail
      // and the award over Kafka and e-mails an NPS link; the answer is stored in MongoDB naming no one
      let surveyMail = '';
      await waitUntil(
        'the NPS survey e-mail',
        async () => {
          const list = await (await fetch(`${gatewayUrl}/dev/mailbox`)).text();
          const row = list
            .split('<tr>')
            .find((r) => r.includes(customer.email) && r.includes('Jak oceniasz'));
          const id = /\/dev\/mailbox\/([0-9a-f-]{36})/.exec(row ?? '')?.[1];
          if (id) surveyMail = await (await fetch(`${gatewayUrl}/dev/mailbox/${id}`)).text();
          return surveyMail !== '';
        },
        30_000,
      );
      const token = /survey-response\?token=([A-Za-z0-9_-]+)/.exec(surveyMail)![1]!;
      const survey = await fetch(`${gatewayUrl}/api/v1/surveys/${token}`);
      expect(survey.status).toBe(200);
      expect(await survey.json()).toMatchObject({ companyName: 'Kawiarnia Pod Lipą' });
      const answered = await fetch(`${gatewayUrl}/api/v1/surveys/${token}/respond`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ score: 9, comment: 'Szybko i miło' }),
      });
      expect(answered.status, await answered.clone().text()).toBe(201);
      const results = await owner.call('GET', `/api/v1/surveys/tenants/${tenantId}/results`);
      expect(await results.json()).toMatchObject({ total: { responses: 1 }, missing: 4 });
      const mongoClient = await MongoClient.connect(mongo.address);
      try {
        const stored = await mongoClient
          .db('punkto_survey')
          .collection('survey-responses')
          .find({ tenantId })
          .toArray();
        expect(stored).toHaveLength(1);
        expect(Object.keys(stored[0]!).sort()).toEqual(
          ['_id', '_rev', 'comment', 'programId', 'score', 'tenantId', 'visitWeek'].sort(),
        );
        expect(JSON.stringify(stored[0])).not.toContain(customer.userId);
        expect(JSON.stringify(stored[0])).not.toContain(cardId);
      } finally {
        await mongoClient.close();
      }
    }, 120_000);

    it('a payment: trial → sandbox checkout through the gateway → active plan and a VAT invoice', async () => {
      if (!('address' in kafka) || !('address' in mongo)) return;
      const owner = await signedInOwner('placacy');
      // a NIP of its own: the pass-path test's company holds 526-025-02-74 (one active company per NIP, ADR 0035)
      const tenantId = await createTenant(owner, 'Kawiarnia Pod Lipą', '779-000-01-26');
      await tenantArrives(owner, tenantId);
      const updated = await owner.call('PATCH', `/api/v1/tenants/${tenantId}/update-tenant`, {
        address: { street: 'ul. Lipowa 1', postalCode: '00-001', city: 'Warszawa' },
      });
      expect(updated.status, await updated.clone().text()).toBe(200);
      // billing starts the trial from TenantCreated on Kafka
      await waitUntil(
        'the trial',
        async () => {
          const res = await owner.call('GET', `/api/v1/tenants/${tenantId}/tenant-subscription`);
          return res.status === 200 && ((await res.json()) as { status: string }).status === 'trialing';
        },
        30_000,
      );

      const started = await owner.call('POST', '/api/v1/payments/initiate-payment', {
        tenantId,
        planId: 'basic',
        isForYear: false,
      });
      expect(started.status, await started.clone().text()).toBe(201);
      const { paymentId, redirectUri } = (await started.json()) as { paymentId: string; redirectUri: string };
      expect(redirectUri.startsWith(`${gatewayUrl}/api/v1/payments/sandbox/checkout/`)).toBe(true);
      // the payer fills in the sandbox's card form (served by billing through the gateway)
      const paid = await fetch(redirectUri, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: gatewayUrl },
        body: new URLSearchParams({ cardNumber: '4444333322221111', expiry: '12/30', cvc: '123' }).toString(),
        redirect: 'manual',
      });
      expect(paid.status, await paid.clone().text()).toBe(303);
      expect(paid.headers.get('location')).toBe(`${gatewayUrl}/subskrypcja/sukces?paymentId=${paymentId}`);

      // the signed notification is POSTed by billing's scheduler to the gateway, which proxies it back
      await waitUntil(
        'the payment booked',
        async () => {
          const res = await owner.call('GET', `/api/v1/payments/${paymentId}/get-order`);
          return ((await res.json()) as { status: string }).status === 'completed';
        },
        30_000,
      );
      // the notification is answered 200 only once the plan, the card and the invoice are booked (resent until)
      const billingProcess = running.find((p) => p.name === 'billing');
      let sub: Record<string, unknown> = {};
      await waitUntil(
        'the plan active',
        async () => {
          const res = await owner.call('GET', `/api/v1/tenants/${tenantId}/tenant-subscription`);
          sub = (await res.json()) as Record<string, unknown>;
          return sub['status'] === 'active';
        },
        30_000,
        billingProcess,
      ).catch((error: unknown) => {
        throw new Error(`${String(error)}\nbilling:\n${billingProcess?.output() ?? ''}`, { cause: error });
      });
      expect(sub).toMatchObject({ status: 'active', planId: 'basic', writable: true, customerLimit: 100 });
      const invoices = (await (await owner.call('GET', `/api/v1/invoices/all/${tenantId}`)).json()) as {
        items: { id: string; number: string; grossGrosze: number; netGrosze: number; vatGrosze: number }[];
      };
      expect(invoices.items).toEqual([
        expect.objectContaining({ grossGrosze: 3000, netGrosze: 2439, vatGrosze: 561, paymentId }),
      ]);
      expect(invoices.items[0]!.number).toMatch(/^FV\/[BCDFGHJKLMNPQRSTVWXZ]{6}\/\d{4}\/\d{4}$/);
      const pdf = await owner.call('GET', `/api/v1/invoices/${tenantId}/${invoices.items[0]!.id}/pdf`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const client = await MongoClient.connect(mongo.address);
      try {
        // billing's documents are in MongoDB; the card ledger learnt the paid plan's limit over Kafka
        const stored = await client.db('punkto_billing').collection('invoices').findOne({ paymentId });
        expect(stored).toMatchObject({ tenantId, totals: { grossGrosze: 3000, vatGrosze: 561 } });
        const limits = client
          .db('punkto_card-ledger')
          .collection<{ _id: string; limit: number }>('customer_limits');
        await waitUntil(
          'the plan’s limit at the card ledger',
          async () => (await limits.findOne({ _id: tenantId }))?.limit === 100,
          30_000,
        );
      } finally {
        await client.close();
      }
    }, 120_000);

    it('erasure: a deleted customer is in no MongoDB collection, no Kafka topic and no SQLite file of the product', async () => {
      if (!('address' in kafka) || !('address' in mongo)) return;
      const { owner, tenantId, programId } = await cafeWithProgram(randomNip());
      // unique per run: the broker and the MongoDB server may be shared with earlier runs
      const suffix = Array.from(
        { length: 6 },
        () => 'bcdfghjklmnprstwz'[Math.floor(Math.random() * 17)],
      ).join('');
      const name = `Zenon Zni${suffix}`;
      const phone = `6${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      const customer = await signedInOwner(`zenon.${suffix}`, 'customer', name);
      const joined = await customer.call('POST', `/api/v1/tenants/${tenantId}/join`, {
        programId,
        phone,
        marketingConsent: true,
      });
      expect(joined.status, await joined.clone().text()).toBe(201);
      let cardId = '';
      await waitUntil(
        'the card issued over Kafka',
        async () => {
          const res = await customer.call('GET', '/api/v1/customers/my-cards');
          cardId = ((await res.json()) as { items: { cardId: string }[] }).items[0]?.cardId ?? '';
          return cardId !== '';
        },
        30_000,
      );
      const awarded = await owner.call(
        'POST',
        `/api/v1/cards/${cardId}/points-from-amount`,
        { amountGrosze: 1500 },
        { 'idempotency-key': `award-${cardId}` },
      );
      expect(awarded.status, await awarded.clone().text()).toBe(200);
      const needles = [customer.email, name, phone];
      const mongoClient = await MongoClient.connect(mongo.address);
      try {
        expect(await mongoHits(mongoClient, needles), 'the person is planted').not.toEqual([]);
        const deleted = await customer.call('DELETE', '/api/v1/users/me', { password: 'Kawa2026dobra' });
        expect(deleted.status, await deleted.clone().text()).toBeLessThan(300);
        await waitUntil(
          'the client gone from the company',
          async () => {
            const res = await owner.call('GET', `/api/v1/tenants/${tenantId}/get-clients`);
            return ((await res.json()) as { items: unknown[] }).items.length === 0;
          },
          30_000,
        );
        // every copy: the services' MongoDB databases, every Kafka topic, the SQLite event stores
        let left: string[] = [];
        await waitUntil(
          'no copy of the person left',
          async () => {
            left = [
              ...(await mongoHits(mongoClient, needles)),
              ...(await kafkaHits(kafka.address, needles)),
              ...storedTextContaining(dataDir, needles),
            ];
            return left.length === 0;
          },
          60_000,
        ).catch(() => undefined);
        expect(left).toEqual([]);
      } finally {
        await mongoClient.close();
      }
    }, 180_000);
  },
);

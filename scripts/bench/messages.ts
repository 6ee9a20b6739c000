/**
 * Company messages (issue 21, ADR 0027): a campaign to 10,000 customers. The notification service runs as in
 * production (its real app, embedded stores, the HTTP/2 APNs adapter and Google's REST adapter through the
 * passes' WalletMessenger) against the local APNs and Google the tests use; phones registered through the
 * PassKit web service, Google passes saved through the save link and its signed callback.
 *
 * Measured:
 * - fully queued: the owner's POST (limits, audience reached now) + the start job (the audience resolved once,
 *   10,000 recipients in batch documents of 200, CampaignStarted, one batch job per 200) — goal ≤ 10 s; baseline in the same run:
 *   a bare loop inserting as many documents of the same size into the same document store;
 * - delivery: the batch jobs on the durable scheduler until the campaign is sent, and the rate each provider
 *   saw, next to the rate it allows (APNS_MESSAGES_PER_SECOND, GOOGLE_WALLET_REQUESTS_PER_SECOND,
 *   MESSAGE_EMAILS_PER_SECOND at their defaults).
 * Part of `npm run bench -- messages`.
 */
import { Roles } from '../../contracts/src/permissions';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NotificationEnv } from '../../services/notification/src/config';
import { batchJobId, startJobId } from '../../services/notification/src/messages/messages-context';
import { aCompany, aCustomer } from '../../services/notification/src/messages/testing/message-mothers';
import { FakeWalletDevice } from '../../services/notification/src/passes/apple/testing/fake-wallet-device';
import { startNotification } from '../../services/notification/src/testing/notification-test-app';
import { SAME_ORIGIN } from '../../services/platform/src/testing/same-origin';
import { startFakeApns } from '../../services/notification/src/testing/fake-apns';
import { startFakeGoogleWallet } from '../../services/notification/src/testing/fake-google-wallet';
import { fmt } from './stats';

const CUSTOMERS = Number(process.env.BENCH_MESSAGES_CUSTOMERS ?? 10_000);
const APPLE = CUSTOMERS / 10;
const GOOGLE = (CUSTOMERS * 3) / 100;
const EMAIL = CUSTOMERS;
/** the SMTP provider's rate the bench assumes (a transactional provider's plan; the service's default is 50) */
const EMAILS_PER_SECOND = 200;
const PASS_TYPE = 'pass.pl.punkto.dev';
const TEAM = 'PUNKTODEV1';
const KEY_ID = 'BENCHKEY02';
const ISSUER = '3388000000077777777';
const SA_EMAIL = 'punkto-bench-messages@punkto-test.iam.gserviceaccount.com';

/** per second over the middle 80 % of the timestamps (start-up and the tail left out) */
function rateOf(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  if (sorted.length < 10) return NaN;
  const from = sorted[Math.floor(sorted.length * 0.1)]!;
  const to = sorted[Math.floor(sorted.length * 0.9)]!;
  return (Math.floor(sorted.length * 0.9) - Math.floor(sorted.length * 0.1)) / ((to - from) / 1000);
}

export async function messagesBench(): Promise<string[]> {
  const secrets = mkdtempSync(join(tmpdir(), 'punkto-bench-messages-'));
  const apnsKey = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const saKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const googleAdds: number[] = [];
  // the service's and the local providers' clock: from 11:00 in Warsaw of the day before (daytime: the quiet
  // hours would hold the wallet), so the providers accept the service's tokens whenever the bench runs
  const DAY = 86_400_000;
  const offset = Math.floor((Date.now() - DAY) / DAY) * DAY + 10 * 3_600_000 - Date.now();
  const clock = () => new Date(Date.now() + offset);
  const apns = await startFakeApns({
    topic: PASS_TYPE,
    auth: { kind: 'token', teamId: TEAM, keyId: KEY_ID, publicKey: apnsKey.publicKey },
    now: clock,
  });
  const google = await startFakeGoogleWallet({
    issuerId: ISSUER,
    serviceAccountPublicKey: saKey.publicKey,
    serviceAccountEmail: SA_EMAIL,
    now: clock,
    onRequest: ({ method, path, status }) => {
      if (method === 'POST' && status === 200 && path.includes('/addMessage')) googleAdds.push(Date.now());
    },
  });
  writeFileSync(join(secrets, 'AuthKey.p8'), apnsKey.privateKey.export({ format: 'pem', type: 'pkcs8' }));
  writeFileSync(join(secrets, 'apns-ca.pem'), apns.ca);
  writeFileSync(
    join(secrets, 'sa.json'),
    JSON.stringify({
      type: 'service_account',
      client_email: SA_EMAIL,
      private_key: saKey.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    }),
  );
  const t = await startNotification(
    {
      APNS_KEY_FILE: join(secrets, 'AuthKey.p8'),
      APNS_KEY_ID: KEY_ID,
      APNS_URL: apns.url,
      APNS_CA_FILE: join(secrets, 'apns-ca.pem'),
      GOOGLE_WALLET_ISSUER_ID: ISSUER,
      GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: join(secrets, 'sa.json'),
      GOOGLE_WALLET_API_URL: google.baseUrl,
      GOOGLE_WALLET_TOKEN_URL: google.tokenUrl,
      GOOGLE_WALLET_SAVE_ORIGIN: google.url,
      GOOGLE_WALLET_ROOT_KEYS_URL: google.keysUrl,
      MESSAGE_EMAILS_PER_SECOND: String(EMAILS_PER_SECOND),
    },
    { listen: true, clock },
  );
  const defaults = NotificationEnv.parse({});
  try {
    await t.warmUp(); // the development chain: generated by the warm-up (or the first pass)
    const seedStart = performance.now();
    const company = await aCompany(t);
    const root = readFileSync(join(t.dataDir, 'apple-pass-dev', 'root.pem'), 'utf8');
    const visit = new Date(clock().getTime() - 3 * DAY).toISOString();
    for (let n = 0; n < CUSTOMERS; n++) {
      const c = await aCustomer(t, company, { n, consent: n < EMAIL, visits: [visit] });
      if (n % (CUSTOMERS / APPLE) === 0) {
        const phone = new FakeWalletDevice(root);
        if ((await phone.add(await t.applePassOf(c.cardId, c.userId))) !== 201)
          throw new Error('registration');
      }
      if (n % Math.floor(CUSTOMERS / GOOGLE) === 1 && n < GOOGLE * Math.floor(CUSTOMERS / GOOGLE)) {
        const link = await t.app.inject({
          url: `/api/v1/cards/${c.cardId}/create-google-pass/link`,
          cookies: await t.cookiesOf(c.userId),
        });
        const saved = await fetch((link.json() as { saveUrl: string }).saveUrl);
        if (saved.status !== 200) throw new Error(`google save: ${saved.status}`);
      }
    }
    const seedSeconds = (performance.now() - seedStart) / 1000;

    // baseline: a bare loop inserting as many documents of a recipient's size into the same store
    const bare = t.infra.documents.collection<{ _id: string }>(`bench_bare_${randomUUID().slice(0, 8)}`);
    const bareStart = performance.now();
    for (let seq = 0; seq < CUSTOMERS; seq++)
      await bare.insert({
        _id: `${randomUUID()}:${String(seq).padStart(7, '0')}`,
        campaignId: randomUUID(),
        tenantId: company.tenantId,
        seq,
        batch: Math.floor(seq / 200),
        personKey: randomUUID(),
        userId: randomUUID(),
        cards: [],
        emailClientId: randomUUID(),
        clientIds: [randomUUID()],
        wallet: null,
        email: null,
      } as { _id: string });
    const bareMs = performance.now() - bareStart;

    const owner = await t.cookiesOf(randomUUID(), Roles.owner, company.tenantId);
    const load = loadavg()[0]!;
    const queueStart = performance.now();
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v1/notifications/tenants/${company.tenantId}/campaigns`,
      headers: SAME_ORIGIN,
      cookies: owner,
      payload: {
        title: 'Tydzień z sernikiem',
        body: 'Do niedzieli sernik baskijski za pół ceny. Zapraszamy!',
        audience: { kind: 'all' },
        channels: { wallet: true, email: true },
        sendAt: null,
      },
    });
    if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`);
    const postMs = performance.now() - queueStart;
    const campaignId = (created.json() as { id: string }).id;
    await t.runJob(startJobId(campaignId));
    const queuedMs = performance.now() - queueStart;
    const batches = Math.ceil(CUSTOMERS / defaults.MESSAGE_BATCH_SIZE);
    if (!(await t.infra.scheduler.get(batchJobId(campaignId, batches - 1))))
      throw new Error(
        `the batches were not all queued: ${JSON.stringify((await t.app.inject({ url: `/api/v1/notifications/tenants/${company.tenantId}/campaigns/${campaignId}`, cookies: owner })).json())}`,
      );

    const pushesBefore = apns.pushes().length;
    const sendStart = Date.now();
    t.startJobs();
    for (;;) {
      const res = await t.app.inject({
        url: `/api/v1/notifications/tenants/${company.tenantId}/campaigns/${campaignId}`,
        cookies: owner,
      });
      if ((res.json() as { status: string }).status === 'sent') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const sendSeconds = (Date.now() - sendStart) / 1000;
    const report = (
      await t.app.inject({
        url: `/api/v1/notifications/tenants/${company.tenantId}/campaigns/${campaignId}`,
        cookies: owner,
      })
    ).json() as { report: { apple: { sent: number }; google: { sent: number }; email: { sent: number } } };
    const pushes = apns
      .pushes()
      .slice(pushesBefore)
      .filter((p) => p.status === 200)
      .map((p) => p.at);
    const mails = (await t.infra.mailbox!.list()).map((m) => Date.parse(m.date));

    return [
      `## Company messages: a campaign to ${CUSTOMERS.toLocaleString('en-US')} customers (embedded stores, local APNs and Google)`,
      '',
      `Load average when queueing: ${fmt(load)} on ${cpus().length} cores shared with other engineers' work — the numbers are pessimistic.`,
      '',
      '| case | time |',
      '|---|---:|',
      `| baseline: a bare loop inserting ${CUSTOMERS.toLocaleString('en-US')} recipient-sized documents | ${fmt(bareMs / 1000)} s |`,
      `| the owner's POST (limits, duplicates, the audience reached now) | ${fmt(postMs / 1000)} s |`,
      `| fully queued: POST + start job (audience resolved once, ${CUSTOMERS.toLocaleString('en-US')} recipients in ${batches} batch documents, ${batches} batch jobs) — goal ≤ 10 s | ${fmt(queuedMs / 1000)} s |`,
      `| delivered: every batch until the campaign is sent | ${fmt(sendSeconds)} s |`,
      '',
      '| provider | delivered | rate seen | rate allowed (default) |',
      '|---|---:|---:|---:|',
      `| APNs (Apple passes) | ${report.report.apple.sent} | ${fmt(rateOf(pushes), 0)}/s | ${defaults.APNS_MESSAGES_PER_SECOND}/s |`,
      `| Google Wallet addMessage | ${report.report.google.sent} | ${fmt(rateOf(googleAdds), 0)}/s | ${defaults.GOOGLE_WALLET_REQUESTS_PER_SECOND}/s |`,
      `| e-mail (mailbox) | ${report.report.email.sent} | ${fmt(rateOf(mails), 0)}/s | ${EMAILS_PER_SECOND}/s (set for the bench) |`,
      '',
      `${CUSTOMERS.toLocaleString('en-US')} customers with one visit each; ${APPLE} hold the Apple pass on a phone, ${GOOGLE} saved the Google pass,`,
      `${EMAIL} consented to e-mail (seeding through the service's consumers and the PassKit web service took ${fmt(seedSeconds, 0)} s, not`,
      "measured). A batch serves 8 recipients at a time and each channel waits for its provider's limiter, so the",
      'channel with the most messages for its rate sets the pace (here the e-mails); APNs and Google see few',
      'messages spread over the whole send, so their rates seen are far under the allowed ones. The baseline has no',
      'index and no audience to resolve; the campaign writes 50 batch documents instead of 10,000 recipient rows.',
      '',
    ];
  } finally {
    await t.close();
    await apns.close();
    await google.close();
    rmSync(secrets, { recursive: true, force: true });
  }
}

/**
 * Live pass updates: a card's change → the APNs push to the phone holding its Apple pass, and → the PATCH of
 * its Google Wallet object. The notification service runs as in production (its real app, embedded stores,
 * the HTTP/2 APNs adapter and Google's REST adapter), against the local APNs and Google the tests use; each
 * phone registered through the PassKit web service. Baseline in the same run: the adapters alone (one push,
 * one PATCH) to the same local servers.
 *
 * Measured from the card event reaching the notification service's consumer (the bus hop before it is in the
 * "Bus publish → consume latency" section). Part of `npm run bench -- pass-updates`.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeWalletDevice } from '../../services/notification/src/passes/apple/testing/fake-wallet-device';
import { startNotification } from '../../services/notification/src/testing/notification-test-app';
import { startFakeApns } from '../../services/platform/src/wallet/apns/fake-apns';
import { Http2Apns } from '../../services/platform/src/wallet/apns/http2-apns';
import { startFakeGoogleWallet } from '../../services/platform/src/wallet/google/fake-google-wallet';
import { RestGoogleWallet } from '../../services/platform/src/wallet/google/rest-google-wallet';
import { fmt, summarize } from './stats';

const CARDS = 200;
const CONCURRENCY = 8;
const PASS_TYPE = 'pass.pl.punkto.dev';
const TEAM = 'PUNKTODEV1';
const KEY_ID = 'BENCHKEY01';
const ISSUER = '3388000000055555555';
const SA_EMAIL = 'punkto-bench@punkto-test.iam.gserviceaccount.com';

type Waiter = { resolve: (at: number) => void };

export async function passUpdatesBench(): Promise<string[]> {
  const secrets = mkdtempSync(join(tmpdir(), 'punkto-bench-passes-'));
  const apnsKey = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const saKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pushWaiters = new Map<string, Waiter>();
  const patchWaiters = new Map<string, Waiter>();
  const apns = await startFakeApns({
    topic: PASS_TYPE,
    auth: { kind: 'token', teamId: TEAM, keyId: KEY_ID, publicKey: apnsKey.publicKey },
    onPush: (push) => {
      if (push.status === 200) pushWaiters.get(push.pushToken)?.resolve(performance.now());
    },
  });
  const google = await startFakeGoogleWallet({
    issuerId: ISSUER,
    serviceAccountPublicKey: saKey.publicKey,
    serviceAccountEmail: SA_EMAIL,
    onRequest: ({ method, path, status }) => {
      if (method !== 'PATCH' || status !== 200) return;
      const card = /\.card-([^.]+)\./.exec(decodeURIComponent(path))?.[1];
      if (card) patchWaiters.get(card)?.resolve(performance.now());
    },
  });
  const apnsKeyPem = apnsKey.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const saPem = saKey.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  writeFileSync(join(secrets, 'AuthKey.p8'), apnsKeyPem);
  writeFileSync(join(secrets, 'apns-ca.pem'), apns.ca);
  writeFileSync(
    join(secrets, 'sa.json'),
    JSON.stringify({
      type: 'service_account',
      client_email: SA_EMAIL,
      private_key: saPem,
      private_key_id: 'k1',
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
    },
    { listen: true },
  );
  try {
    const root = readFileSync(join(t.dataDir, 'apple-pass-dev', 'root.pem'), 'utf8');
    const cards: { cardId: string; phone: FakeWalletDevice }[] = [];
    for (let i = 0; i < CARDS; i++) {
      const { cardId, userId } = await t.aCard();
      const cookies = await t.cookiesOf(userId);
      const phone = new FakeWalletDevice(root);
      if ((await phone.add(await t.applePassOf(cardId, userId))) !== 201)
        throw new Error('registration failed');
      const link = await t.app.inject({ url: `/api/v1/cards/${cardId}/create-google-pass/link`, cookies });
      if (link.statusCode !== 200) throw new Error(`save link: ${link.statusCode} ${link.body}`);
      cards.push({ cardId, phone });
    }

    const toPush: number[] = [];
    const toPatch: number[] = [];
    const waitFor = (map: Map<string, Waiter>, key: string) =>
      new Promise<number>((resolve) => map.set(key, { resolve }));
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < cards.length) {
          const { cardId, phone } = cards[next++]!;
          const pushed = waitFor(pushWaiters, phone.pushToken);
          const patched = waitFor(patchWaiters, cardId);
          const start = performance.now();
          await t.stampsAdded(cardId, 8);
          toPush.push((await pushed) - start);
          toPatch.push((await patched) - start);
        }
      }),
    );

    // baseline: the adapters alone, to the same local servers
    const pushAlone: number[] = [];
    const http2 = new Http2Apns({
      topic: PASS_TYPE,
      url: apns.url,
      ca: apns.ca,
      auth: { kind: 'token', keyId: KEY_ID, teamId: TEAM, privateKeyPem: apnsKeyPem },
    });
    const patchAlone: number[] = [];
    const rest = new RestGoogleWallet({
      issuerId: ISSUER,
      serviceAccount: { clientEmail: SA_EMAIL, privateKey: saPem, privateKeyId: 'k1' },
      baseUrl: google.baseUrl,
      tokenUrl: google.tokenUrl,
      saveOrigin: google.url,
      now: () => new Date(),
    });
    const objectId = google.state().objects[0]!.id as string;
    await http2.push(cards[0]!.phone.pushToken);
    await rest.patchObject(objectId, { state: 'ACTIVE' });
    for (const { phone } of cards) {
      const start = performance.now();
      await http2.push(phone.pushToken);
      pushAlone.push(performance.now() - start);
    }
    for (let i = 0; i < CARDS; i++) {
      const start = performance.now();
      await rest.patchObject(objectId, { state: 'ACTIVE' });
      patchAlone.push(performance.now() - start);
    }
    await http2.close();
    await rest.close();

    const [push, patch, pushBase, patchBase] = [toPush, toPatch, pushAlone, patchAlone].map(summarize);
    return [
      `## Live pass updates: a card's change → APNs push and Google PATCH (${CARDS} cards, ${CONCURRENCY} at a time, local APNs and Google)`,
      '',
      '| case | p50 ms | p99 ms | max ms |',
      '|---|---:|---:|---:|',
      `| baseline: one APNs push alone (HTTP/2 adapter → local APNs) | ${fmt(pushBase!.p50)} | ${fmt(pushBase!.p99)} | ${fmt(pushBase!.max)} |`,
      `| card event → the push to the phone holding the Apple pass | ${fmt(push!.p50)} | ${fmt(push!.p99)} | ${fmt(push!.max)} |`,
      `| baseline: one Google PATCH alone (REST adapter → local Google) | ${fmt(patchBase!.p50)} | ${fmt(patchBase!.p99)} | ${fmt(patchBase!.max)} |`,
      `| card event → the PATCH of the Google Wallet object | ${fmt(patch!.p50)} | ${fmt(patch!.p99)} | ${fmt(patch!.max)} |`,
      '',
      'Each card has one phone with its Apple pass registered through the PassKit web service and one saved Google',
      'object; every card changes once (the first change of a pass goes out at once; bursts are coalesced per',
      '`PASS_UPDATE_COALESCE_MS`, which this does not measure). Targets (issue 16): push p99 ≤ 200 ms, PATCH p99 ≤ 500 ms;',
      'add the bus hop from the card ledger (its own section) for award → phone.',
      '',
    ];
  } finally {
    await t.close();
    await apns.close();
    await google.close();
    rmSync(secrets, { recursive: true, force: true });
  }
}

import { startFakeApns, type FakeApns } from '@punkto/platform/wallet/apns/fake-apns';
import {
  startFakeGoogleWallet,
  type FakeGoogleWallet,
} from '@punkto/platform/wallet/google/fake-google-wallet';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyMessage } from '../messages/wallet-messenger.port';
import { startNotification, type NotificationTestApp } from '../testing/notification-test-app';
import { FakeWalletDevice } from './apple/testing/fake-wallet-device';
import { AppleReasons, googleMessageIdOf } from './wallet-messenger';

// Company messages on the wallet passes end to end: the notification service with the HTTP/2 APNs adapter
// against a local APNs, phones played by FakeWalletDevice over the PassKit web service, and the REST Google
// Wallet adapter against a local Google. The messenger is the one buildService hands the campaign engine.
const PASS_TYPE = 'pass.pl.punkto.dev';
const TEAM = 'PUNKTODEV1';
const KEY_ID = 'APNSKEY123';
const ISSUER = '3388000000055555555';
const SA_EMAIL = 'punkto-wallet@punkto-test.iam.gserviceaccount.com';
const APNS_PER_SECOND = 20;
const GOOGLE_PER_SECOND = 10;

let apns: FakeApns;
let google: FakeGoogleWallet;
let t: NotificationTestApp;
let root: string;
let secrets: string;

beforeAll(async () => {
  const apnsKey = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const saKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  apns = await startFakeApns({
    topic: PASS_TYPE,
    auth: { kind: 'token', teamId: TEAM, keyId: KEY_ID, publicKey: apnsKey.publicKey },
  });
  google = await startFakeGoogleWallet({
    issuerId: ISSUER,
    serviceAccountPublicKey: saKey.publicKey,
    serviceAccountEmail: SA_EMAIL,
  });
  secrets = mkdtempSync(join(tmpdir(), 'punkto-messages-'));
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
  t = await startNotification(
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
      PASS_UPDATE_COALESCE_MS: '200',
      APNS_MESSAGES_PER_SECOND: String(APNS_PER_SECOND),
      GOOGLE_WALLET_REQUESTS_PER_SECOND: String(GOOGLE_PER_SECOND),
    },
    { listen: true },
  );
  root = readFileSync(join(t.dataDir, 'apple-pass-dev', 'root.pem'), 'utf8');
});
afterAll(async () => {
  await t?.close();
  await apns?.close();
  await google?.close();
  rmSync(secrets, { recursive: true, force: true });
});

const aMessage = (overrides: Partial<CompanyMessage> = {}): CompanyMessage => ({
  messageId: randomUUID(),
  companyName: 'Kawiarnia Pod Lipą',
  title: 'Nowe ciasto',
  body: 'Od jutra sernik z malinami. Zapraszamy!',
  sentAt: new Date().toISOString(),
  ...overrides,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, what: string, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await sleep(20);
  expect(check(), what).toBe(true);
}

/** a phone holding the card's Apple pass, having fetched what it was told about so far */
async function aPhoneHolding(cardId: string, userId: string): Promise<FakeWalletDevice> {
  const phone = new FakeWalletDevice(root);
  expect(await phone.add(await t.applePassOf(cardId, userId))).toBe(201);
  await phone.onPush();
  return phone;
}

/** the customer adds the card to Google Wallet: the save link opened, Google's signed `save` callback */
async function savedToGoogle(cardId: string, userId: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/cards/${cardId}/create-google-pass/link`,
    cookies: await t.cookiesOf(userId),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect((await fetch((res.json() as { saveUrl: string }).saveUrl)).status).toBe(200);
  return `${ISSUER}.card-${cardId}.1`;
}

const pushesTo = (phone: FakeWalletDevice) => apns.pushes().filter((p) => p.pushToken === phone.pushToken);
const googleMessagesOf = (objectId: string) => google.state().messages.filter((m) => m.objectId === objectId);

describe('a company message on an Apple pass', () => {
  it('the phone is pushed, fetches the pass and shows the message on the lock screen; it stays on the back', async () => {
    const { cardId, userId, tenantId } = await t.aCard();
    const phone = await aPhoneHolding(cardId, userId);
    const serial = `${cardId}.1`;
    expect(phone.field(serial, 'company-message')).toMatchObject({
      label: 'Wiadomość od Kawiarnia Pod Lipą',
      changeMessage: '%@',
    });

    const message = aMessage();
    expect(await t.walletMessenger.deliver({ tenantId, cardId }, message)).toEqual([
      { platform: 'apple', result: 'sent' },
    ]);
    expect(pushesTo(phone)).toMatchObject([{ status: 200, topic: PASS_TYPE, payload: '{}' }]);

    expect(await phone.onPush()).toEqual([serial]);
    expect(phone.notices).toEqual(['Nowe ciasto: Od jutra sernik z malinami. Zapraszamy!']);
    expect(phone.field(serial, 'company-message')).toMatchObject({
      value: 'Nowe ciasto: Od jutra sernik z malinami. Zapraszamy!',
      changeMessage: '%@',
    });

    // the next award: its own notice, the message stays on the back without announcing itself again
    await t.stampsAdded(cardId, 8);
    await until(() => pushesTo(phone).length === 2, 'the award is pushed');
    expect(await phone.onPush()).toEqual([serial]);
    expect(phone.notices.slice(1)).toEqual(['Pieczątki: 8 z 10']);
    expect(phone.field(serial, 'company-message')?.value).toBe(
      'Nowe ciasto: Od jutra sernik z malinami. Zapraszamy!',
    );
  });

  it('an award the phone has not fetched yet does not turn the notice into a generic one', async () => {
    const { cardId, userId, tenantId } = await t.aCard();
    const phone = await aPhoneHolding(cardId, userId);
    await t.stampsAdded(cardId, 8); // pushed, but the phone has not asked yet
    await until(() => pushesTo(phone).length === 1, 'the award is pushed');
    await sleep(250); // past the coalescing window: the message's push is a push of its own
    expect(await t.walletMessenger.deliver({ tenantId, cardId }, aMessage({ title: 'Promocja' }))).toEqual([
      { platform: 'apple', result: 'sent' },
    ]);
    await phone.onPush();
    // both fields changed, but only the message announces itself: Wallet shows its text, not a generic notice
    expect(phone.notices).toEqual(['Promocja: Od jutra sernik z malinami. Zapraszamy!']);
    expect(phone.field(`${cardId}.1`, 'stamps')?.value).toBe('8 z 10');
  });

  it('a repeated delivery (a batch redelivered after a crash) sends nothing again', async () => {
    const { cardId, userId, tenantId } = await t.aCard();
    const phone = await aPhoneHolding(cardId, userId);
    const message = aMessage();
    const first = await t.walletMessenger.deliver({ tenantId, cardId }, message);
    await phone.onPush();
    const again = await t.walletMessenger.deliver({ tenantId, cardId }, message);
    expect(again).toEqual(first);
    expect(pushesTo(phone)).toHaveLength(1);
    expect(await phone.onPush()).toEqual([]); // nothing new to fetch: 204
    expect(phone.notices).toHaveLength(1);
  });

  it('a delivery left in flight by a crash is sent again once its lease ran out: the phone sees no second notice', async () => {
    const { cardId, userId, tenantId } = await t.aCard();
    const phone = await aPhoneHolding(cardId, userId);
    const message = aMessage();
    await t.walletMessenger.deliver({ tenantId, cardId }, message);
    await phone.onPush();
    // the process "died" after pushing, before confirming: the record is still `sending`, its lease over
    const records = t.infra.documents.collection<{ _id: string; state: string; leaseUntil: string }>(
      'wallet_message_deliveries',
    );
    const record = (await records.get(`${message.messageId}|${cardId}|apple`))!;
    await records.update(
      { ...record, state: 'sending', leaseUntil: new Date(Date.now() - 1000).toISOString() },
      { expectedRevision: record._rev },
    );
    expect(await t.walletMessenger.deliver({ tenantId, cardId }, message)).toEqual([
      { platform: 'apple', result: 'sent' },
    ]);
    expect(pushesTo(phone)).toHaveLength(2); // the push is repeated …
    expect(await phone.onPush()).toEqual([]); // … but the pass did not change again
    expect(phone.notices).toHaveLength(1);
  });

  it('a phone whose token APNs calls dead: failed with the reason, and the card no longer counts as installed', async () => {
    const { cardId, userId, tenantId } = await t.aCard();
    const phone = await aPhoneHolding(cardId, userId);
    apns.answer(phone.pushToken, { status: 410, timestamp: Date.now() + 60_000 });
    expect(await t.walletMessenger.deliver({ tenantId, cardId }, aMessage())).toEqual([
      { platform: 'apple', result: 'failed', reason: AppleReasons.unregistered },
    ]);
    expect(await t.walletMessenger.installed(tenantId, [cardId])).toEqual(new Map());
    expect(await t.walletMessenger.deliver({ tenantId, cardId }, aMessage())).toEqual([]);
  });

  it('APNs busy (429) after every attempt: failed with the reason, and the update queue pushes the phone later', async () => {
    const { cardId, userId, tenantId } = await t.aCard();
    const phone = await aPhoneHolding(cardId, userId);
    const busy = { status: 429 as const, reason: 'TooManyRequests' };
    apns.answer(phone.pushToken, busy, busy, busy);
    const [delivery] = await t.walletMessenger.deliver({ tenantId, cardId }, aMessage());
    expect(delivery).toEqual({
      platform: 'apple',
      result: 'failed',
      reason: AppleReasons.busy('429 TooManyRequests'),
    });
    await until(() => pushesTo(phone).some((p) => p.status === 200), 'the queue pushes it later', 8000);
    expect(await phone.onPush()).toEqual([`${cardId}.1`]);
    expect(phone.notices).toEqual(['Nowe ciasto: Od jutra sernik z malinami. Zapraszamy!']);
  });

  it('the same delivery twice at once (a batch redelivered while the first still runs): one push', async () => {
    const { cardId, userId, tenantId } = await t.aCard();
    const phone = await aPhoneHolding(cardId, userId);
    const message = aMessage();
    const [a, b] = await Promise.all([
      t.walletMessenger.deliver({ tenantId, cardId }, message),
      t.walletMessenger.deliver({ tenantId, cardId }, message),
    ]);
    expect(a).toEqual([{ platform: 'apple', result: 'sent' }]);
    expect(b).toEqual(a);
    expect(pushesTo(phone)).toHaveLength(1);
  });

  it('two phones, one of them dead: sent (APNs took it for one device)', async () => {
    const { cardId, userId, tenantId } = await t.aCard();
    const alive = await aPhoneHolding(cardId, userId);
    const dead = await aPhoneHolding(cardId, userId);
    apns.answer(dead.pushToken, { status: 400, reason: 'BadDeviceToken' });
    expect(await t.walletMessenger.deliver({ tenantId, cardId }, aMessage())).toEqual([
      { platform: 'apple', result: 'sent' },
    ]);
    expect(await alive.onPush()).toEqual([`${cardId}.1`]);
  });
});

describe('a company message on a Google pass', () => {
  it("addMessage with TEXT_AND_NOTIFY within Google's 3 per pass per 24 h; the 4th is TEXT", async () => {
    const { cardId, userId, tenantId } = await t.aCard();
    const objectId = await savedToGoogle(cardId, userId);
    const messages = [1, 2, 3, 4].map((n) => aMessage({ title: `Wiadomość ${n}` }));
    const results = [];
    for (const message of messages)
      results.push(await t.walletMessenger.deliver({ tenantId, cardId }, message));
    expect(results).toEqual([
      [{ platform: 'google', result: 'notified' }],
      [{ platform: 'google', result: 'notified' }],
      [{ platform: 'google', result: 'notified' }],
      [{ platform: 'google', result: 'sent' }],
    ]);
    const sent = googleMessagesOf(objectId);
    expect(sent.map((m) => m.message.messageType)).toEqual([
      'TEXT_AND_NOTIFY',
      'TEXT_AND_NOTIFY',
      'TEXT_AND_NOTIFY',
      'TEXT',
    ]);
    expect(sent[0]!.message).toMatchObject({
      id: googleMessageIdOf(messages[0]!.messageId),
      header: 'Wiadomość 1',
      body: 'Od jutra sernik z malinami. Zapraszamy!',
    });
  });

  it('shares the quota with balance notices: after two award notices one message notifies, the next does not', async () => {
    const { cardId, userId, tenantId } = await t.aCard();
    const objectId = await savedToGoogle(cardId, userId);
    for (const stamps of [8, 9]) {
      await t.stampsAdded(cardId, stamps);
      await until(
        () => googleMessagesOf(objectId).some((m) => m.message.body === `Pieczątki: ${stamps} z 10`),
        `the notice of ${stamps} stamps`,
      );
    }
    expect(await t.walletMessenger.deliver({ tenantId, cardId }, aMessage())).toEqual([
      { platform: 'google', result: 'notified' },
    ]);
    expect(await t.walletMessenger.deliver({ tenantId, cardId }, aMessage())).toEqual([
      { platform: 'google', result: 'sent' },
    ]);
  });

  it('a repeated delivery adds nothing; a card on both wallets gets both', async () => {
    const { cardId, userId, tenantId } = await t.aCard();
    const objectId = await savedToGoogle(cardId, userId);
    const phone = await aPhoneHolding(cardId, userId);
    const message = aMessage();
    const first = await t.walletMessenger.deliver({ tenantId, cardId }, message);
    expect(first).toEqual([
      { platform: 'apple', result: 'sent' },
      { platform: 'google', result: 'notified' },
    ]);
    expect(await t.walletMessenger.deliver({ tenantId, cardId }, message)).toEqual(first);
    expect(googleMessagesOf(objectId)).toHaveLength(1);
    expect(pushesTo(phone)).toHaveLength(1);
    expect(await t.walletMessenger.installed(tenantId, [cardId])).toEqual(
      new Map([[cardId, new Set(['apple', 'google'])]]),
    );
  });

  it('Google refusing the message id as a duplicate (409, sent before a crash) counts as sent', async () => {
    const { cardId, userId, tenantId } = await t.aCard();
    await savedToGoogle(cardId, userId);
    google.failNext(1, 409);
    expect(await t.walletMessenger.deliver({ tenantId, cardId }, aMessage())).toEqual([
      { platform: 'google', result: 'sent' },
    ]);
  });

  it('a pass Google no longer has: failed with the reason', async () => {
    const { cardId, userId, tenantId } = await t.aCard();
    await savedToGoogle(cardId, userId);
    google.failNext(1, 404);
    expect(await t.walletMessenger.deliver({ tenantId, cardId }, aMessage())).toEqual([
      { platform: 'google', result: 'failed', reason: 'Karty nie ma już w Google Wallet (404).' },
    ]);
  });
});

describe('cards without a pass', () => {
  it('no pass installed: an empty result, nothing sent, absent from installed', async () => {
    const { cardId, tenantId } = await t.aCard();
    const before = { pushes: apns.pushes().length, google: google.state().messages.length };
    expect(await t.walletMessenger.deliver({ tenantId, cardId }, aMessage())).toEqual([]);
    expect(await t.walletMessenger.installed(tenantId, [cardId, randomUUID()])).toEqual(new Map());
    expect({ pushes: apns.pushes().length, google: google.state().messages.length }).toEqual(before);
  });

  it("another company's card is neither installed nor delivered to", async () => {
    const { cardId, userId } = await t.aCard();
    await aPhoneHolding(cardId, userId);
    const stranger = randomUUID();
    expect(await t.walletMessenger.installed(stranger, [cardId])).toEqual(new Map());
    expect(await t.walletMessenger.deliver({ tenantId: stranger, cardId }, aMessage())).toEqual([]);
  });
});

describe("the providers' allowed rates", () => {
  it(`APNs pushes for messages go out at ${APNS_PER_SECOND}/s at most`, async () => {
    const { cardId, userId, tenantId } = await t.aCard();
    const phones = [];
    for (let i = 0; i < 30; i++) phones.push(await aPhoneHolding(cardId, userId));
    const tokens = new Set(phones.map((p) => p.pushToken));
    expect(await t.walletMessenger.deliver({ tenantId, cardId }, aMessage())).toEqual([
      { platform: 'apple', result: 'sent' },
    ]);
    const times = apns
      .pushes()
      .filter((p) => tokens.has(p.pushToken))
      .map((p) => p.at)
      .sort((a, b) => a - b);
    expect(times).toHaveLength(30);
    assertRate(times, APNS_PER_SECOND);
  });

  it(`Google calls for messages go out at ${GOOGLE_PER_SECOND}/s at most, however many cards at once`, async () => {
    const cards = [];
    for (let i = 0; i < 15; i++) {
      const card = await t.aCard();
      cards.push({ ...card, objectId: await savedToGoogle(card.cardId, card.userId) });
    }
    const message = aMessage();
    const results = await Promise.all(
      cards.map(({ tenantId, cardId }) => t.walletMessenger.deliver({ tenantId, cardId }, message)),
    );
    expect(results.flat().map((r) => r.result)).toEqual(Array(15).fill('notified'));
    const objects = new Set(cards.map((c) => c.objectId));
    const times = google
      .state()
      .messages.filter((m) => objects.has(m.objectId))
      .map((m) => m.at)
      .sort((a, b) => a - b);
    expect(times).toHaveLength(15);
    assertRate(times, GOOGLE_PER_SECOND);
  });
});

/**
 * No second holds more than the rate plus the bucket's burst (a tenth of a second's worth), and the whole
 * run took as long as the rate makes it (a few ms of slack for the timers).
 */
function assertRate(times: number[], perSecond: number) {
  const burst = Math.ceil(perSecond / 10);
  for (const start of times) {
    const inSecond = times.filter((at) => at >= start && at < start + 1000).length;
    expect(inSecond).toBeLessThanOrEqual(perSecond + burst);
  }
  expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(((times.length - burst) / perSecond) * 1000 - 50);
}

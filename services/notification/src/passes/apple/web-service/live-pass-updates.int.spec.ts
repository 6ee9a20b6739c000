import { startFakeApns, type FakeApns } from '@punkto/platform/wallet/apns/fake-apns';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNotification, type NotificationTestApp } from '../../../testing/notification-test-app';
import { FakeWalletDevice } from '../testing/fake-wallet-device';

// The whole Apple path as a phone lives it: the service configured with an APNs key talks HTTP/2 to a local
// APNs (the far edge), and the phone (FakeWalletDevice) calls the PassKit web service over HTTP.
const PASS_TYPE = 'pass.pl.punkto.dev';
const TEAM = 'PUNKTODEV1';
const KEY_ID = 'APNSKEY123';
let fake: FakeApns;
let t: NotificationTestApp;
let root: string;
let secrets: string;

beforeAll(async () => {
  const key = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  fake = await startFakeApns({
    topic: PASS_TYPE,
    auth: { kind: 'token', teamId: TEAM, keyId: KEY_ID, publicKey: key.publicKey },
  });
  secrets = mkdtempSync(join(tmpdir(), 'punkto-apns-key-'));
  writeFileSync(join(secrets, 'AuthKey.p8'), key.privateKey.export({ format: 'pem', type: 'pkcs8' }));
  writeFileSync(join(secrets, 'apns-ca.pem'), fake.ca);
  t = await startNotification(
    {
      APNS_KEY_FILE: join(secrets, 'AuthKey.p8'),
      APNS_KEY_ID: KEY_ID,
      APNS_URL: fake.url,
      APNS_CA_FILE: join(secrets, 'apns-ca.pem'),
      PASS_UPDATE_COALESCE_MS: '200',
    },
    { listen: true },
  );
  root = readFileSync(join(t.dataDir, 'apple-pass-dev', 'root.pem'), 'utf8');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  rmSync(secrets, { recursive: true, force: true });
});

async function until<T>(what: () => T | Promise<T>, ok: (value: T) => boolean, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const stampsAdded = (cardId: string, stamps: number) => t.stampsAdded(cardId, stamps);

/** a phone (FakeWalletDevice: it checks every manifest SHA-1 and the signature with openssl) holding the pass */
async function aPhoneHolding(cardId: string, userId: string): Promise<FakeWalletDevice> {
  const phone = new FakeWalletDevice(root);
  expect(await phone.add(await t.applePassOf(cardId, userId))).toBe(201);
  return phone;
}

describe('a pass on a phone, updated live through APNs', () => {
  it('register → a change → APNs push → list since the tag → 200 with the new stamps → 304', async () => {
    const { cardId, userId } = await t.aCard();
    const phone = await aPhoneHolding(cardId, userId);
    const serial = `${cardId}.1`;
    expect(await phone.onPush()).toEqual([serial]); // first list: no tag yet

    await stampsAdded(cardId, 8);
    const pushes = await until(
      () => fake.delivered().filter((p) => p.pushToken === phone.pushToken),
      (p) => p.length === 1,
    );
    expect(pushes).toMatchObject([{ topic: PASS_TYPE, payload: '{}', auth: 'token' }]);

    expect(await phone.onPush()).toEqual([serial]);
    expect(phone.field(serial, 'stamps')?.value).toBe('8 z 10');
    expect(phone.notices).toEqual(['Pieczątki: 8 z 10']);
    expect(await phone.refresh(serial)).toBe(false); // If-Modified-Since: 304
    expect(phone.answers.slice(-3)).toEqual(['list 200', 'pass 200', 'pass 304']);
  });

  it('a burst of awards is one push now and one after the window, not one per award', async () => {
    const { cardId, userId } = await t.aCard();
    const phone = await aPhoneHolding(cardId, userId);
    for (let stamps = 1; stamps <= 5; stamps++) await stampsAdded(cardId, stamps);
    const mine = () => fake.delivered().filter((p) => p.pushToken === phone.pushToken);
    const pushes = await until(mine, (p) => p.length >= 2, 3000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mine().length).toBe(2);
    expect(pushes.length).toBe(2);
    await phone.onPush();
    expect(phone.field(`${cardId}.1`, 'stamps')?.value).toBe('5 z 10');
  });

  it('a phone whose token APNs calls dead is forgotten: no more pushes to it', async () => {
    const { cardId, userId } = await t.aCard();
    const phone = await aPhoneHolding(cardId, userId);
    fake.answer(phone.pushToken, { status: 410, timestamp: Date.now() + 60_000 });
    await stampsAdded(cardId, 3);
    await until(
      () => fake.pushes().filter((p) => p.pushToken === phone.pushToken),
      (p) => p.length === 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await stampsAdded(cardId, 4);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(
      fake
        .pushes()
        .filter((p) => p.pushToken === phone.pushToken)
        .map((p) => p.status),
    ).toEqual([410]);
    expect(await phone.onPush()).toEqual([]); // the device has nothing registered any more
  });
});

describe('APNs configuration', () => {
  it('refuses to start with half of it or a file that is not a key, saying what to fix', async () => {
    await expect(startNotification({ APNS_KEY_FILE: join(secrets, 'AuthKey.p8') })).rejects.toThrow(
      /APNS_KEY_FILE and APNS_KEY_ID: set both or neither/,
    );
    await expect(
      startNotification({ APNS_KEY_FILE: join(secrets, 'apns-ca.pem'), APNS_KEY_ID: KEY_ID }),
    ).rejects.toThrow(/APNS_KEY_FILE: not an APNs key/);
    await expect(
      startNotification({ APNS_KEY_FILE: join(secrets, 'missing.p8'), APNS_KEY_ID: KEY_ID }),
    ).rejects.toThrow(/APNS_KEY_FILE: cannot read/);
  });
});

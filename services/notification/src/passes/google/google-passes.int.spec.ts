import { Roles } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { startFakeGoogleWallet, type FakeGoogleWallet } from '../../testing/fake-google-wallet';
import { decodeJwt } from 'jose';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNotification, type NotificationTestApp } from '../../testing/notification-test-app';

// The card in Google Wallet end to end: the notification service with the REST adapter against a local
// stand-in of Google (token endpoint, walletobjects REST API, save page, signed callbacks).
const ISSUER = '3388000000044444444';
const SA_EMAIL = 'punkto-wallet@punkto-test.iam.gserviceaccount.com';
const saKey = generateKeyPairSync('rsa', { modulusLength: 2048 });

let fake: FakeGoogleWallet;
let t: NotificationTestApp;
beforeAll(async () => {
  fake = await startFakeGoogleWallet({
    issuerId: ISSUER,
    serviceAccountPublicKey: saKey.publicKey,
    serviceAccountEmail: SA_EMAIL,
  });
  const keyFile = join(tmpdir(), `punkto-google-sa-${randomUUID()}.json`);
  writeFileSync(
    keyFile,
    JSON.stringify({
      type: 'service_account',
      client_email: SA_EMAIL,
      private_key: saKey.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      private_key_id: 'k1',
    }),
  );
  t = await startNotification(
    {
      GOOGLE_WALLET_ISSUER_ID: ISSUER,
      GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: keyFile,
      GOOGLE_WALLET_API_URL: fake.baseUrl,
      GOOGLE_WALLET_TOKEN_URL: fake.tokenUrl,
      GOOGLE_WALLET_SAVE_ORIGIN: fake.url,
      GOOGLE_WALLET_ROOT_KEYS_URL: fake.keysUrl,
      PASS_UPDATE_COALESCE_MS: '50',
    },
    { listen: true },
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function saveLink(cardId: string, userId: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/cards/${cardId}/create-google-pass/link`,
    cookies: await t.cookiesOf(userId),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { saveUrl: string }).saveUrl;
}

const objectOf = (id: string) => fake.state().objects.find((o) => o.id === id) as Record<string, unknown>;

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check(), what).toBe(true);
}

async function health(tenantId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/notifications/pass-health/${tenantId}`,
    cookies: await t.cookiesOf(randomUUID(), Roles.owner, tenantId),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { google: { installed: number; added: number; removed: number } };
}

describe('the card in Google Wallet', () => {
  it('class and object at Google, a short save link, saved (signed callback), updated on an award', async () => {
    const { cardId, userId, tenantId, programId } = await t.aCard();
    const link = await saveLink(cardId, userId);
    expect(link.startsWith(`${fake.url}/gp/v/save/`)).toBe(true);
    expect(link.length).toBeLessThan(1800);
    const claims = decodeJwt(link.slice(`${fake.url}/gp/v/save/`.length));
    const objectId = `${ISSUER}.card-${cardId}.1`;
    expect(claims).toMatchObject({
      iss: SA_EMAIL,
      aud: 'google',
      typ: 'savetowallet',
      payload: { loyaltyObjects: [{ id: objectId, classId: `${ISSUER}.program-${programId}` }] },
    });
    expect(fake.state().classes).toContainEqual(
      expect.objectContaining({
        id: `${ISSUER}.program-${programId}`,
        issuerName: 'Kawiarnia Pod Lipą',
        programName: 'Co dziesiąta kawa gratis',
        hexBackgroundColor: '#1f6f5c',
        callbackOptions: { url: `${t.config.PUBLIC_URL}/api/v1/google-wallet/callbacks` },
      }),
    );
    expect(objectOf(objectId)).toMatchObject({
      state: 'ACTIVE',
      accountId: '1234 5678 97',
      loyaltyPoints: { label: 'Pieczątki', balance: { string: '7/10' } },
      barcode: { type: 'QR_CODE', value: `P1.${cardId}.1.c2lnbmF0dXJlLW9mLXRoZS1j` },
    });

    // the customer opens the link: Google saves the pass and calls back, signed
    const saved = await fetch(link);
    expect(saved.status).toBe(200);
    const callback = fake.state().callbacks.at(-1)!;
    expect(callback).toMatchObject({ eventType: 'save', objectId, status: 200 });
    expect((await health(tenantId)).google).toEqual({ installed: 1, added: 1, removed: 0 });

    // a replayed callback and a forged one are refused and change nothing
    expect((await fake.redeliver(callback)).status).toBe(400);
    const forged = fake.signer.sign(
      { classId: `${ISSUER}.program-${programId}`, objectId, eventType: 'del' },
      { rootPrivateKey: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey },
    );
    const refused = await fetch(callback.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(forged),
    });
    expect(refused.status).toBe(400);
    expect((await health(tenantId)).google).toEqual({ installed: 1, added: 1, removed: 0 });

    // an award: the object is patched with the new balance and a notice goes out
    await t.stampsAdded(cardId, 8);
    await until(
      () => JSON.stringify(objectOf(objectId)?.loyaltyPoints).includes('8/10'),
      'the object shows 8/10',
    );
    expect(fake.state().requests).toContainEqual(
      expect.objectContaining({ method: 'PATCH', path: expect.stringContaining(objectId), status: 200 }),
    );
    await until(() => fake.state().messages.some((m) => m.objectId === objectId), 'a message was added');
    expect(fake.state().messages.find((m) => m.objectId === objectId)).toMatchObject({
      notified: true,
      message: { header: 'Kawiarnia Pod Lipą', body: 'Pieczątki: 8 z 10' },
    });

    // the customer removes the pass: Google's signed `del`
    expect((await fake.removeFromWallet(objectId))?.status).toBe(200);
    expect((await health(tenantId)).google).toEqual({ installed: 0, added: 1, removed: 1 });
  });

  it("the company's locations reach its class as merchantLocations (ADR 0057), and leave it when removed", async () => {
    const { cardId, userId, tenantId, programId } = await t.aCard();
    await saveLink(cardId, userId);
    const classId = `${ISSUER}.program-${programId}`;
    const classOf = () => fake.state().classes.find((c) => c.id === classId) as Record<string, unknown>;
    expect(classOf()).not.toHaveProperty('merchantLocations');

    const locations = [
      { name: 'Rynek', address: null, latitude: 52.2297, longitude: 21.0122, relevantText: null },
      {
        name: 'Dworzec',
        address: 'ul. Dworcowa 1',
        latitude: 50.0647,
        longitude: 19.945,
        relevantText: 'Kawa?',
      },
    ];
    await t.deliver(Topics.tenantTenants, 'TenantLocationsReplaced', {
      tenantId,
      locations,
      changedAt: new Date().toISOString(),
    });
    await until(() => Array.isArray(classOf()?.merchantLocations), 'the class carries the locations');
    expect(classOf().merchantLocations).toEqual([
      { latitude: 52.2297, longitude: 21.0122 },
      { latitude: 50.0647, longitude: 19.945 },
    ]);

    await t.deliver(Topics.tenantTenants, 'TenantLocationsReplaced', {
      tenantId,
      locations: [],
      changedAt: new Date().toISOString(),
    });
    await until(() => classOf()?.merchantLocations === undefined, 'the class without locations');
  });

  it("notifies within Google's quota (3 per pass per 24 h); later changes stay on the pass without a notice", async () => {
    const { cardId, userId } = await t.aCard();
    await saveLink(cardId, userId);
    const objectId = `${ISSUER}.card-${cardId}.1`;
    for (const stamps of [8, 9, 10, 1]) {
      await t.stampsAdded(cardId, stamps);
      await until(
        () =>
          fake
            .state()
            .messages.some((m) => m.objectId === objectId && m.message.body === `Pieczątki: ${stamps} z 10`),
        `the notice of ${stamps} stamps`,
      );
    }
    expect(
      fake
        .state()
        .messages.filter((m) => m.objectId === objectId)
        .map((m) => m.notified),
    ).toEqual([true, true, true, false]);
    expect(objectOf(objectId).loyaltyPoints).toEqual({ label: 'Pieczątki', balance: { string: '1/10' } });
  });

  it('a regenerated card: the old object turns INACTIVE, the new one is a new object', async () => {
    const { cardId, userId } = await t.aCard();
    await saveLink(cardId, userId);
    await t.cardRegenerated(cardId, userId);
    const old = `${ISSUER}.card-${cardId}.1`;
    await until(() => objectOf(old)?.state === 'INACTIVE', 'the old object is inactive');
    expect(objectOf(old).barcode).toBeUndefined();
    const link = await saveLink(cardId, userId);
    expect(decodeJwt(link.split('/').at(-1)!)).toMatchObject({
      payload: { loyaltyObjects: [{ id: `${ISSUER}.card-${cardId}.2` }] },
    });
    expect(objectOf(`${ISSUER}.card-${cardId}.2`)).toMatchObject({
      state: 'ACTIVE',
      accountId: '9876 5432 10',
    });
  });

  it('a card of a closed company: its object turns INACTIVE and says why first', async () => {
    const { cardId, userId } = await t.aCard();
    await saveLink(cardId, userId);
    await t.deliver(Topics.cardLedgerCards, 'CardClosed', {
      cardId,
      reason: 'tenant_deleted',
      closedAt: new Date().toISOString(),
    });
    const object = `${ISSUER}.card-${cardId}.1`;
    await until(() => objectOf(object)?.state === 'INACTIVE', 'the object is inactive');
    expect((objectOf(object).textModulesData as unknown[])[0]).toEqual({
      id: 'closed',
      header: 'Karta zamknięta',
      body: 'Firma zakończyła działalność w Punkto. Ta karta jest już nieaktywna.',
    });
  });

  // issue 36, finding 3: a 403 for someone else's card and a 404 for an unknown id told which card ids exist
  it("someone else's card and an unknown one answer the same 404, byte for byte; `{x}` other than link 400", async () => {
    const { cardId } = await t.aCard();
    const caller = await t.cookiesOf(randomUUID());
    const stranger = await t.app.inject({
      method: 'GET',
      url: `/api/v1/cards/${cardId}/create-google-pass/link`,
      cookies: caller,
    });
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/v1/cards/${randomUUID()}/create-google-pass/link`,
      cookies: caller,
    });
    expect(stranger.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(stranger.json()).toEqual({
      code: 'CARD.NOT_FOUND',
      localizedMessage: 'Nie znaleziono karty.',
      status: 404,
    });
    expect(stranger.body).toBe(unknown.body);
    expect(stranger.headers['content-length']).toBe(unknown.headers['content-length']);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/v1/cards/${cardId}/create-google-pass/jwt`,
      cookies: await t.cookiesOf(randomUUID()),
    });
    expect(bad.statusCode).toBe(400);
  });
});

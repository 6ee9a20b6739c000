import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGoogleWallet, type FakeGoogleWallet } from '../../../testing/fake-google-wallet';
import { aLoyaltyClass, aLoyaltyObject, googleWalletContract } from '../../../testing/google-wallet.contract';
import { GoogleWalletError } from './google-wallet.port';
import { RestGoogleWallet, WALLET_SCOPE, type RestGoogleWalletOptions } from './rest-google-wallet';

const ISSUER = '3388000000011111111';
const SA_EMAIL = 'punkto-wallet@punkto-test.iam.gserviceaccount.com';
const serviceAccountKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_PEM = serviceAccountKey.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

const startFake = (options: { tokenTtlSeconds?: number } = {}) =>
  startFakeGoogleWallet({
    issuerId: ISSUER,
    serviceAccountPublicKey: serviceAccountKey.publicKey,
    serviceAccountEmail: SA_EMAIL,
    ...options,
  });

const restWallet = (fake: FakeGoogleWallet, overrides: Partial<RestGoogleWalletOptions> = {}) =>
  new RestGoogleWallet({
    issuerId: ISSUER,
    serviceAccount: { clientEmail: SA_EMAIL, privateKey: PRIVATE_PEM, privateKeyId: 'key-1' },
    baseUrl: fake.baseUrl,
    tokenUrl: fake.tokenUrl,
    saveOrigin: fake.url,
    now: fake.now,
    retry: { attempts: 4, baseDelayMs: 5 },
    ...overrides,
  });

// The SAME contract as the embedded adapter, over HTTP against the fake's REST API.
googleWalletContract('rest (fake Google)', async () => {
  const fake = await startFake();
  return {
    issuerId: ISSUER,
    saveLinkIssuer: SA_EMAIL,
    saveOrigin: fake.url,
    open: async () => restWallet(fake),
    stored: async () => {
      const { classes, objects } = fake.state();
      return { classes, objects } as never;
    },
    saveLinkPublicKey: () => serviceAccountKey.publicKey,
    advanceClock: (ms) => fake.advanceClock(ms),
    cleanup: () => fake.close(),
  };
});

describe('RestGoogleWallet against the fake Google', () => {
  let fake: FakeGoogleWallet;
  let wallet: RestGoogleWallet;
  const cls = aLoyaltyClass(ISSUER);
  const card = aLoyaltyObject(ISSUER);

  beforeEach(async () => {
    fake = await startFake({ tokenTtlSeconds: 600 });
    wallet = restWallet(fake);
  });
  afterEach(async () => {
    await wallet.close();
    await fake.close();
  });

  const statuses = () => fake.state().requests.map((r) => `${r.method} ${r.status}`);

  it('exchanges one service-account assertion for a token and reuses it across calls', async () => {
    await wallet.upsertClass(cls);
    await wallet.upsertObject(card);
    await Promise.all([
      wallet.patchObject(card.id, { accountName: 'Anna K.' }),
      wallet.addMessage(card.id, { id: 'm1', header: 'h', body: 'b' }, { notify: false }),
    ]);
    expect(fake.state().tokenRequests).toEqual([{ iss: SA_EMAIL, scope: WALLET_SCOPE, granted: true }]);
    expect(statuses()).toHaveLength(4);
    expect(statuses().every((s) => s.endsWith(' 200'))).toBe(true);
  });

  it('fetches a new token shortly before the old one expires', async () => {
    await wallet.upsertClass(cls);
    fake.advanceClock(540_000 + 1); // 9 min of a 10 min token: inside the refresh margin
    await wallet.upsertClass(cls);
    expect(fake.state().tokenRequests).toHaveLength(2);
    expect(statuses()).toEqual(['POST 200', 'POST 409', 'PUT 200']);
  });

  it('refreshes the token once when Google answers 401, then succeeds', async () => {
    await wallet.upsertClass(cls);
    fake.revokeTokens();
    await wallet.upsertObject(card);
    expect(statuses()).toEqual(['POST 200', 'POST 401', 'POST 200']);
    expect(fake.state().tokenRequests).toHaveLength(2);
  });

  it('gives up after one refresh when 401 persists', async () => {
    fake.failNext(2, 401);
    const error = await wallet.upsertClass(cls).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoogleWalletError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(statuses()).toEqual(['POST 401', 'POST 401']);
  });

  it('retries 5xx and rate limits with back-off, and stops after the bounded attempts', async () => {
    fake.failNext(2, 503);
    fake.failNext(1, 429);
    await wallet.upsertClass(cls);
    expect(statuses()).toEqual(['POST 503', 'POST 503', 'POST 429', 'POST 200']);

    fake.failNext(10, 500);
    const error = await wallet.patchObject(card.id, {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, code: 'INTERNAL', retryable: true });
    expect(statuses().slice(4)).toEqual(['PATCH 500', 'PATCH 500', 'PATCH 500', 'PATCH 500']);
  });

  it('does not retry client errors', async () => {
    await wallet.upsertClass(cls);
    await expect(
      wallet.upsertObject({ ...card, barcode: { type: 'EAN' as 'QR_CODE', value: '1' } }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_ARGUMENT',
    });
    expect(statuses()).toEqual(['POST 200', 'POST 400']);
  });

  it('resends as TEXT, without retrying, when the notify quota is used up', async () => {
    await wallet.upsertClass(cls);
    await wallet.upsertObject(card);
    for (let i = 1; i <= 4; i++)
      await wallet.addMessage(card.id, { id: `m${i}`, header: 'h', body: 'b' }, { notify: true });
    expect(statuses().slice(2)).toEqual(['POST 200', 'POST 200', 'POST 200', 'POST 429', 'POST 200']);
    expect(fake.state().messages.map((m) => m.message.messageType)).toEqual([
      'TEXT_AND_NOTIFY',
      'TEXT_AND_NOTIFY',
      'TEXT_AND_NOTIFY',
      'TEXT',
    ]);
  });

  it('the fake forgets resources, logs and tokens on reset', async () => {
    await wallet.upsertClass(cls);
    fake.reset();
    expect(fake.state()).toMatchObject({ classes: [], requests: [], tokenRequests: [] });
    await wallet.upsertClass(cls); // the old token is unknown now: 401, refresh, insert
    expect(statuses()).toEqual(['POST 401', 'POST 200']);
  });

  it('surfaces a refused assertion (another key) as invalid_grant', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const impostor = restWallet(fake, {
      serviceAccount: {
        clientEmail: SA_EMAIL,
        privateKey: other.export({ format: 'pem', type: 'pkcs8' }).toString(),
      },
    });
    await expect(impostor.upsertClass(cls)).rejects.toMatchObject({ status: 400, code: 'invalid_grant' });
    expect(fake.state().tokenRequests).toMatchObject([{ granted: false }]);
    expect(fake.state().classes).toEqual([]);
  });
});

describe('the fake token endpoint refuses what Google refuses', () => {
  let fake: FakeGoogleWallet;
  beforeEach(async () => (fake = await startFake()));
  afterEach(() => fake.close());

  const assertion = (claims: { aud?: string; scope?: string; lifetime?: number }) => {
    const iat = Math.floor(fake.now().getTime() / 1000);
    return new SignJWT({ scope: claims.scope ?? WALLET_SCOPE })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(SA_EMAIL)
      .setAudience(claims.aud ?? fake.tokenUrl)
      .setIssuedAt(iat)
      .setExpirationTime(iat + (claims.lifetime ?? 3600))
      .sign(serviceAccountKey.privateKey);
  };
  const exchange = async (jwt: string) => {
    const response = await fetch(fake.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: jwt,
      }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('grants a well-formed assertion', async () => {
    expect(await exchange(await assertion({}))).toMatchObject({
      status: 200,
      body: { token_type: 'Bearer', expires_in: 3600, access_token: expect.any(String) },
    });
  });

  it.each([
    ['another audience', { aud: 'https://oauth2.googleapis.com/token' }],
    ['another scope', { scope: 'https://www.googleapis.com/auth/cloud-platform' }],
    ['a lifetime over one hour', { lifetime: 3601 }],
    ['an expired assertion', { lifetime: -10 }],
  ])('refuses %s', async (_name, claims) => {
    expect(await exchange(await assertion(claims))).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
  });

  it('requires a Bearer token on the REST API, in Google error shape', async () => {
    const response = await fetch(`${fake.baseUrl}/loyaltyClass/${ISSUER}.x`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
  });
});

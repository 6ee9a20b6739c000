import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aPushToken, apnsContract } from '../../../testing/apns.contract';
import { startFakeApns, type FakeApns } from '../../../testing/fake-apns';
import { SqliteDocumentStore } from '@punkto/platform/documents/sqlite-document-store';
import { documentProviderTokenStore, Http2Apns, type Http2ApnsOptions } from './http2-apns';

const TOPIC = 'pass.pl.punkto.test';
const TEAM = 'PUNKTO1234';
const KEY_ID = 'ABC123DEFG';
const providerKey = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const PROVIDER_PEM = providerKey.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

const startTokenFake = () =>
  startFakeApns({
    topic: TOPIC,
    auth: { kind: 'token', teamId: TEAM, keyId: KEY_ID, publicKey: providerKey.publicKey },
  });

const tokenApns = (fake: FakeApns, overrides: Partial<Http2ApnsOptions> = {}) =>
  new Http2Apns({
    topic: TOPIC,
    url: fake.url,
    ca: fake.ca,
    auth: { kind: 'token', keyId: KEY_ID, teamId: TEAM, privateKeyPem: PROVIDER_PEM },
    now: () => fake.now(),
    backoffMs: 5,
    ...overrides,
  });

// The SAME contract as the embedded adapter, over HTTP/2 against the fake APNs.
apnsContract('HTTP/2 (fake APNs)', async () => {
  const fake = await startTokenFake();
  return {
    topic: TOPIC,
    open: async () => tokenApns(fake),
    delivered: async () => fake.delivered().map(({ pushToken, topic }) => ({ pushToken, topic })),
    cleanup: () => fake.close(),
  };
});

describe('Http2Apns against the fake APNs: what each answer means (WALLET.md)', () => {
  let fake: FakeApns;
  let apns: Http2Apns;
  const device = aPushToken(7);

  beforeEach(async () => {
    fake = await startTokenFake();
    apns = tokenApns(fake);
  });
  afterEach(async () => {
    await apns.close();
    await fake.close();
  });

  it('sends POST /3/device/<token> with the topic and {} as the whole payload, on one connection', async () => {
    for (let i = 0; i < 3; i++) expect((await apns.push(device)).outcome).toBe('sent');
    const pushes = fake.pushes();
    expect(pushes.map((p) => [p.pushToken, p.topic, p.payload, p.status, p.auth])).toEqual(
      Array(3).fill([device, TOPIC, '{}', 200, 'token']),
    );
    expect(fake.connections()).toBe(1);
  });

  it('reuses one provider token for 40 minutes, then mints the next (APNs accepts it)', async () => {
    await apns.push(device);
    fake.advanceClock(39 * 60_000);
    expect((await apns.push(device)).outcome).toBe('sent'); // same token: a new one now would be 429
    fake.advanceClock(2 * 60_000);
    expect((await apns.push(device)).outcome).toBe('sent'); // 41 min: a new token, welcome
    fake.advanceClock(30 * 60_000);
    expect((await apns.push(device)).outcome).toBe('sent');
    expect(fake.pushes().every((p) => p.status === 200)).toBe(true);
  });

  it('a restart and another replica reuse the kept provider token (a new one within 20 min would be 429)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apns-token-'));
    const documents = SqliteDocumentStore.open(join(dir, 'documents.sqlite'));
    try {
      const kept = () => tokenApns(fake, { tokenStore: documentProviderTokenStore(documents) });
      // two replicas pushing at once mint at most one token between them
      const [a, b] = [kept(), kept()];
      expect((await Promise.all([a.push(device), b.push(device)])).map((r) => r.outcome)).toEqual([
        'sent',
        'sent',
      ]);
      await a.close();
      fake.advanceClock(5 * 60_000);
      const restarted = kept();
      expect((await restarted.push(device)).outcome).toBe('sent');
      // without the kept token a restarted process mints a new one, which APNs refuses for now
      expect(await apns.push(device)).toEqual({
        outcome: 'retry-later',
        reason: '429 TooManyProviderTokenUpdates',
      });
      // after the lifetime the next token is minted once and kept again
      fake.advanceClock(40 * 60_000);
      expect((await restarted.push(device)).outcome).toBe('sent');
      expect((await b.push(device)).outcome).toBe('sent');
      await Promise.all([b.close(), restarted.close()]);
    } finally {
      await documents.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a token lifetime outside Apple’s 20–60 minutes', () => {
    expect(() => tokenApns(fake, { tokenLifetimeMs: 5 * 60_000 })).toThrow(/20 min/);
    expect(() => tokenApns(fake, { tokenLifetimeMs: 60 * 60_000 })).toThrow(/60 min/);
  });

  it('410 Unregistered gives the time APNs says the token died', async () => {
    fake.answer(device, { status: 410, timestamp: Date.parse('2026-11-20T08:00:00Z') });
    expect(await apns.push(device)).toEqual({
      outcome: 'unregistered',
      since: new Date('2026-11-20T08:00:00Z'),
    });
  });

  it('400 BadDeviceToken is a bad token; other 400s and 403s are configuration errors, not retried', async () => {
    fake.answer(device, { status: 400, reason: 'BadDeviceToken' });
    expect(await apns.push(device)).toEqual({ outcome: 'bad-token' });
    fake.answer(device, { status: 403, reason: 'BadCertificateEnvironment' });
    expect(await apns.push(device)).toEqual({
      outcome: 'config-error',
      reason: '403 BadCertificateEnvironment',
    });
    expect(fake.pushes()).toHaveLength(2);
  });

  it('a topic the provider may not push to is a configuration error', async () => {
    const wrongTopic = tokenApns(fake, { topic: 'pass.pl.someone.else' });
    expect(await wrongTopic.push(device)).toEqual({
      outcome: 'config-error',
      reason: '400 DeviceTokenNotForTopic',
    });
    await wrongTopic.close();
  });

  it('mints a fresh provider token once when APNs calls it expired', async () => {
    await apns.push(device);
    fake.answer(device, { status: 403, reason: 'ExpiredProviderToken' });
    expect((await apns.push(device)).outcome).toBe('sent');
    expect(fake.pushes().map((p) => p.status)).toEqual([200, 403, 200]);
  });

  it('a clock an hour behind APNs: expired again after the fresh token → configuration error', async () => {
    const skewed = tokenApns(fake, { now: () => new Date(fake.now().getTime() - 2 * 3_600_000) });
    expect(await skewed.push(device)).toEqual({
      outcome: 'config-error',
      reason: '403 ExpiredProviderToken',
    });
    expect(fake.pushes().map((p) => p.reason)).toEqual(['ExpiredProviderToken', 'ExpiredProviderToken']);
    await skewed.close();
  });

  it('a forged provider token (another key) is refused as a configuration error', async () => {
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const forged = tokenApns(fake, {
      auth: {
        kind: 'token',
        keyId: KEY_ID,
        teamId: TEAM,
        privateKeyPem: other.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      },
    });
    expect(await forged.push(device)).toEqual({
      outcome: 'config-error',
      reason: '403 InvalidProviderToken',
    });
    await forged.close();
  });

  it('429 asks the caller to retry later, without hammering APNs', async () => {
    fake.answer(device, { status: 429, reason: 'TooManyRequests' });
    expect(await apns.push(device)).toEqual({ outcome: 'retry-later', reason: '429 TooManyRequests' });
    expect(fake.pushes()).toHaveLength(1);
  });

  it('503 is retried on a new connection', async () => {
    fake.answer(device, { status: 503, reason: 'ServiceUnavailable' });
    expect((await apns.push(device)).outcome).toBe('sent');
    expect(fake.pushes().map((p) => [p.status, p.connection])).toEqual([
      [503, 1],
      [200, 2],
    ]);
  });

  it('GOAWAY: the push is sent again on a new connection', async () => {
    fake.answer(device, { goaway: true });
    expect((await apns.push(device)).outcome).toBe('sent');
    expect(fake.delivered()).toHaveLength(1);
    expect(fake.connections()).toBe(2);
  });

  it('APNs failing on every try: retry-later after three tries', async () => {
    fake.answer(
      device,
      { status: 500, reason: 'InternalServerError' },
      { status: 503, reason: 'ServiceUnavailable' },
      { status: 503, reason: 'ServiceUnavailable' },
    );
    expect(await apns.push(device)).toEqual({ outcome: 'retry-later', reason: '503 ServiceUnavailable' });
    expect(fake.delivered()).toHaveLength(0);
    expect((await apns.push(device)).outcome).toBe('sent'); // and works once APNs does
  });

  it('an APNs that does not answer in time: retry-later', async () => {
    const impatient = tokenApns(fake, { timeoutMs: 100, attempts: 1 });
    fake.setLatency(400);
    const outcome = await impatient.push(device);
    expect(outcome.outcome).toBe('retry-later');
    await impatient.close();
  });

  it('an APNs that cannot be reached: retry-later, nothing thrown', async () => {
    const port = new URL(fake.url).port;
    await fake.close();
    const unreachable = tokenApns(fake, { url: `https://127.0.0.1:${port}` });
    expect((await unreachable.push(device)).outcome).toBe('retry-later');
    await unreachable.close();
    fake = await startTokenFake(); // for afterEach
  });
});

describe('Http2Apns with the pass certificate as client certificate', () => {
  let fake: FakeApns;
  beforeEach(async () => {
    fake = await startFakeApns({ topic: TOPIC, auth: { kind: 'certificate' } });
  });
  afterEach(() => fake.close());

  const certificateApns = (auth: { cert: string; key: string } | null) =>
    new Http2Apns({
      topic: TOPIC,
      url: fake.url,
      ca: fake.ca,
      auth: auth ? { kind: 'certificate', ...auth } : { kind: 'certificate', cert: '', key: '' },
      backoffMs: 5,
    });

  it('pushes with the certificate issued for the pass type', async () => {
    const apns = certificateApns(fake.issueClientCertificate(TOPIC));
    expect((await apns.push(aPushToken(1))).outcome).toBe('sent');
    expect(fake.delivered().map((p) => p.auth)).toEqual(['certificate']);
    await apns.close();
  });

  it('a certificate of another pass type is a configuration error', async () => {
    const apns = certificateApns(fake.issueClientCertificate('pass.pl.someone.else'));
    expect(await apns.push(aPushToken(1))).toEqual({
      outcome: 'config-error',
      reason: '400 DeviceTokenNotForTopic',
    });
    await apns.close();
  });

  it('no certificate at all is a configuration error', async () => {
    const apns = certificateApns(null);
    expect(await apns.push(aPushToken(1))).toEqual({ outcome: 'config-error', reason: '403 BadCertificate' });
    await apns.close();
  });
});

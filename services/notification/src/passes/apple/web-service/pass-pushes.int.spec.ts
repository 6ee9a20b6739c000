import { SqliteDocumentStore } from '@punkto/platform/documents/sqlite-document-store';
import { createLogger } from '@punkto/platform/observability/logger';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import { startFakeApns, type FakeApns } from '../../../testing/fake-apns';
import { Http2Apns } from '../../providers/apns/http2-apns';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passUpdates } from '../../updates/pass-updates';
import type { PushFailure } from './pass-pushes';
import { passRegistrations, type PassRegistrations } from './pass-registrations';

// The push queue against the real embedded document store and the real APNs adapter, talking HTTP/2 to a
// local APNs (the far edge) whose answers are programmed per push token.
let dir: string;
let documents: SqliteDocumentStore;
let registrations: PassRegistrations;
let now: number;
const clock = () => new Date(now);
const TOPIC = 'pass.pl.punkto.test';
const providerKey = generateKeyPairSync('ec', { namedCurve: 'P-256' });
let fake: FakeApns;
let pusher: Http2Apns;
/** what reached APNs, in order */
const sent = () => fake.pushes().map((p) => p.pushToken);

beforeAll(async () => {
  fake = await startFakeApns({
    topic: TOPIC,
    auth: { kind: 'token', teamId: 'PUNKTO1234', keyId: 'KEY1234567', publicKey: providerKey.publicKey },
  });
  pusher = new Http2Apns({
    topic: TOPIC,
    url: fake.url,
    ca: fake.ca,
    auth: {
      kind: 'token',
      teamId: 'PUNKTO1234',
      keyId: 'KEY1234567',
      privateKeyPem: providerKey.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    },
    attempts: 1, // the queue backs off between tries
  });
});
afterAll(async () => {
  await pusher.close();
  await fake.close();
});

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'punkto-pushes-'));
  documents = SqliteDocumentStore.open(join(dir, 'documents.db'));
  registrations = passRegistrations(documents);
  await registrations.ensureIndexes();
  now = Date.parse('2026-11-25T10:00:00.000Z');
  fake.reset();
});
afterEach(async () => {
  await documents.close();
  rmSync(dir, { recursive: true, force: true });
});

const token = (n: number) => n.toString(16).padStart(64, '0');

async function aPhoneWith(device: string, cardId: string, options: { tenantId?: string; n?: number } = {}) {
  await registrations.register({
    device,
    serial: `${cardId}.1`,
    cardId,
    tenantId: options.tenantId ?? 't1',
    programId: 'p1',
    pushToken: token(options.n ?? 1),
    at: clock(),
  });
}

function queue(options = {}, failures: PushFailure[] = [], outcomes: string[] = []) {
  const logger = createLogger('notification', 'silent');
  const pushes = passUpdates({
    documents,
    registrations,
    pusher,
    clock,
    logger,
    onPushFailure: async (failure) => void failures.push(failure),
    onPush: (platform, outcome) => void outcomes.push(`${platform} ${outcome}`),
    options: { pollMs: 20, ...options },
  });
  return pushes;
}

describe('pass pushes', () => {
  it('one push per device holding the changed card, none to others', async () => {
    await aPhoneWith('phone-a', 'card-1', { n: 1 });
    await aPhoneWith('phone-b', 'card-1', { n: 2 });
    await aPhoneWith('phone-c', 'card-2', { n: 3 });
    const pushes = queue();
    await pushes.ensureIndexes();
    pushes.start();
    await pushes.cardChanged('card-1');
    await pushes.idle();
    expect(sent().sort()).toEqual([token(1), token(2)]);
    await pushes.stop();
  });

  it('a burst of changes is one push now and one after the window, not one per change', async () => {
    await aPhoneWith('phone-a', 'card-1');
    const pushes = queue({ coalesceMs: 1000 });
    pushes.start();
    await pushes.cardChanged('card-1');
    await pushes.idle();
    for (let i = 0; i < 5; i++) await pushes.cardChanged('card-1');
    await pushes.idle();
    expect(sent()).toHaveLength(1); // the rest wait for the window
    now += 1000;
    await pushes.idle();
    expect(sent()).toHaveLength(2);
    await pushes.stop();
  });

  it('survives a restart: what was queued is sent by the next process', async () => {
    await aPhoneWith('phone-a', 'card-1');
    const first = queue();
    await first.cardChanged('card-1'); // queued, never started
    await first.stop();
    const second = queue();
    second.start();
    await second.idle();
    expect(sent()).toEqual([token(1)]);
    await second.stop();
  });

  it('410 removes the device unless it registered again after the time APNs gives; 400 BadDeviceToken removes it', async () => {
    await aPhoneWith('phone-a', 'card-1', { n: 1 });
    await aPhoneWith('phone-b', 'card-1', { n: 2 });
    await aPhoneWith('phone-c', 'card-1', { n: 3 });
    fake.answer(token(1), { status: 410, timestamp: now + 1 });
    fake.answer(token(2), { status: 410, timestamp: now - 60_000 }); // re-registered since
    fake.answer(token(3), { status: 400, reason: 'BadDeviceToken' });
    const pushes = queue();
    pushes.start();
    await pushes.cardChanged('card-1');
    await pushes.idle();
    expect(await registrations.device('phone-a')).toBeNull();
    expect(await registrations.device('phone-b')).not.toBeNull();
    expect(await registrations.device('phone-c')).toBeNull();
    expect(await registrations.devicesOfCard('card-1')).toEqual(['phone-b']);
    await pushes.stop();
  });

  it('retries a busy APNs with back-off, then counts the push as failed', async () => {
    await aPhoneWith('phone-a', 'card-1', { tenantId: 't9' });
    fake.answer(token(1), { status: 429, reason: 'TooManyRequests' });
    const failures: PushFailure[] = [];
    const outcomes: string[] = [];
    const pushes = queue({ maxAttempts: 2 }, failures, outcomes);
    pushes.start();
    await pushes.cardChanged('card-1');
    await pushes.idle();
    expect(sent()).toHaveLength(1);
    now += 1000; // the first back-off
    await pushes.idle();
    expect(sent()).toHaveLength(2);
    expect(failures).toEqual([]);

    fake.answer(
      token(1),
      { status: 503, reason: 'ServiceUnavailable' },
      { status: 503, reason: 'ServiceUnavailable' },
    );
    now += 5000;
    await pushes.cardChanged('card-1');
    await pushes.idle();
    now += 1000;
    await pushes.idle();
    expect(failures).toEqual([
      { device: 'phone-a', tenantIds: ['t9'], reason: 'APNs: 503 ServiceUnavailable' },
    ]);
    // what /metrics counts (punkto_pass_pushes_total by platform and outcome)
    expect(outcomes).toEqual(['apple retried', 'apple sent', 'apple retried', 'apple failed']);
    await pushes.stop();
  });

  it('a certificate or topic error is reported once and not retried', async () => {
    await aPhoneWith('phone-a', 'card-1');
    fake.answer(token(1), { status: 400, reason: 'BadTopic' });
    const failures: PushFailure[] = [];
    const pushes = queue({}, failures);
    pushes.start();
    await pushes.cardChanged('card-1');
    await pushes.idle();
    now += 60_000;
    await pushes.idle();
    expect(sent()).toHaveLength(1);
    expect(failures).toMatchObject([{ reason: 'APNs: 400 BadTopic' }]);
    await pushes.stop();
  });

  it("a company-wide change reaches every device in pages, and a single card's push goes first", async () => {
    for (let i = 0; i < 25; i++)
      await aPhoneWith(`phone-${String(i).padStart(2, '0')}`, `card-${i}`, { n: i + 1 });
    await aPhoneWith('phone-z', 'card-z', { tenantId: 'other', n: 99 });
    const pushes = queue({ pageSize: 10, concurrency: 5 });
    await pushes.scopeChanged({ tenantId: 't1' });
    await pushes.cardChanged('card-z');
    pushes.start();
    await pushes.idle();
    expect(sent()[0]).toBe(token(99));
    expect(new Set(sent()).size).toBe(26);
    expect(sent()).toHaveLength(26);
    await pushes.stop();
  });
});

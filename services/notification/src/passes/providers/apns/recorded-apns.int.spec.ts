import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteDocumentStore } from '@punkto/platform/documents/sqlite-document-store';
import { aPushToken, apnsContract } from '../../../testing/apns.contract';
import { RecordedApns } from './recorded-apns';

const TOPIC = 'pass.pl.punkto.test';

apnsContract('recorded', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'punkto-apns-'));
  const store = SqliteDocumentStore.open(join(dir, 'documents.sqlite'));
  let apns: RecordedApns | undefined;
  return {
    topic: TOPIC,
    open: async () => (apns = await RecordedApns.open(store, { topic: TOPIC, now: () => new Date() })),
    // Read back through the records port, i.e. what the dev page shows.
    delivered: async () =>
      (await apns!.listPushes({ limit: 1000 })).map(({ pushToken, topic }) => ({ pushToken, topic })),
    cleanup: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

describe('RecordedApns records', () => {
  let dir: string;
  beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'punkto-apns-'))));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keeps pushes across a restart, newest first, filtered by device', async () => {
    const file = join(dir, 'documents.sqlite');
    let at = Date.parse('2026-11-25T10:00:00Z');
    const now = () => new Date((at += 1000));
    const first = SqliteDocumentStore.open(file);
    const apns = await RecordedApns.open(first, { topic: TOPIC, now });
    await apns.push(aPushToken(1));
    await apns.push(aPushToken(2));
    await apns.push(aPushToken(1));
    await first.close();

    const second = SqliteDocumentStore.open(file);
    const reopened = await RecordedApns.open(second, { topic: TOPIC, now });
    const all = await reopened.listPushes();
    expect(all.map((p) => [p.pushToken, p.at])).toEqual([
      [aPushToken(1), '2026-11-25T10:00:03.000Z'],
      [aPushToken(2), '2026-11-25T10:00:02.000Z'],
      [aPushToken(1), '2026-11-25T10:00:01.000Z'],
    ]);
    expect(await reopened.listPushes({ pushToken: aPushToken(2).toUpperCase() })).toHaveLength(1);
    expect(await reopened.listPushes({ limit: 1 })).toHaveLength(1);
    await second.close();
  });
});

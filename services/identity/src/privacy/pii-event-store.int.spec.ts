import { SqliteDocumentStore } from '@punkto/platform/documents/sqlite-document-store';
import { SqliteEventStore } from '@punkto/platform/event-store/sqlite-event-store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { documentPersonKeys } from './person-keys';
import { piiEventStore, SHREDDED } from './pii-event-store';

describe('crypto-shredding on the embedded adapters', () => {
  const dir = mkdtempSync(join(tmpdir(), 'punkto-pii-'));
  const events = SqliteEventStore.open(join(dir, 'events.db'));
  const documents = SqliteDocumentStore.open(join(dir, 'documents.db'));
  const keys = documentPersonKeys(documents);
  const store = piiEventStore(events, keys, { streamPrefix: 'user-', fields: ['email', 'username'] });
  afterAll(async () => {
    await events.close();
    await documents.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('seals listed fields per person, reads them back, and loses them for good when the key is shredded', async () => {
    await store.appendToStream('user-a', [
      { type: 'UserRegistered', data: { email: 'a@example.pl', username: 'Ala', role: 'customer' } },
    ]);
    await store.appendToStream('user-b', [
      { type: 'UserRegistered', data: { email: 'b@example.pl', username: 'Bob', role: 'customer' } },
    ]);
    await store.appendToStream('other-x', [{ type: 'Thing', data: { email: 'not-personal@example.pl' } }]);

    const raw = await events.readStream('user-a');
    expect((raw[0]!.data as Record<string, string>).email).toMatch(/^pii:v1:/);
    expect((raw[0]!.data as Record<string, string>).role).toBe('customer');
    expect((await events.readStream('other-x'))[0]!.data).toEqual({ email: 'not-personal@example.pl' });
    expect((await store.readStream('user-a'))[0]!.data).toEqual({
      email: 'a@example.pl',
      username: 'Ala',
      role: 'customer',
    });

    await keys.shred('a');
    await keys.shred('a'); // idempotent
    expect((await store.readStream('user-a'))[0]!.data).toEqual({
      email: SHREDDED,
      username: SHREDDED,
      role: 'customer',
    });
    expect((await store.readStream('user-b'))[0]!.data).toMatchObject({ email: 'b@example.pl' });

    // a catch-up subscription (rebuilds) sees the same view
    const seen: unknown[] = [];
    await new Promise<void>((resolve) => {
      const sub = store.subscribeToAll({
        streamPrefixes: ['user-'],
        handler: async (e) => {
          seen.push(e.data);
          if (seen.length === 2) {
            resolve();
            void sub.stop();
          }
        },
      });
    });
    expect(seen).toEqual([
      { email: SHREDDED, username: SHREDDED, role: 'customer' },
      { email: 'b@example.pl', username: 'Bob', role: 'customer' },
    ]);
  });
});

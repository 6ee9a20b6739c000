import { SqliteDocumentStore } from '../documents/sqlite-document-store';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
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

  it('applies several policies, each to its own stream prefix and fields, with one key collection', async () => {
    const people = piiEventStore(events, keys, [
      { streamPrefix: 'employee-', fields: ['email', 'name'] },
      { streamPrefix: 'client-', fields: ['email', 'name', 'phone'] },
    ]);
    await people.appendToStream('employee-e1', [
      { type: 'EmployeeInvited', data: { email: 'e@example.pl', name: 'Ewa', phone: '+48600100200' } },
    ]);
    await people.appendToStream('client-c1', [
      { type: 'ClientEnrolled', data: { email: 'c@example.pl', name: 'Cezary', phone: '+48600100200' } },
    ]);
    await people.appendToStream('program-p1', [{ type: 'ProgramDefined', data: { name: 'Kawa' } }]);

    const employee = (await events.readStream('employee-e1'))[0]!.data as Record<string, string>;
    expect(employee.email).toMatch(/^pii:v1:/);
    expect(employee.phone).toBe('+48600100200'); // not a field of the employee policy
    const client = (await events.readStream('client-c1'))[0]!.data as Record<string, string>;
    expect([client.email, client.name, client.phone].every((v) => v!.startsWith('pii:v1:'))).toBe(true);
    expect((await events.readStream('program-p1'))[0]!.data).toEqual({ name: 'Kawa' });

    expect((await people.readStream('client-c1'))[0]!.data).toEqual({
      email: 'c@example.pl',
      name: 'Cezary',
      phone: '+48600100200',
    });
    await keys.shred('c1');
    expect((await people.readStream('client-c1'))[0]!.data).toEqual({
      email: SHREDDED,
      name: SHREDDED,
      phone: SHREDDED,
    });
    expect((await people.readStream('employee-e1'))[0]!.data).toMatchObject({ email: 'e@example.pl' });
  });
});

import { describe, expect, it } from 'vitest';
import { ConcurrencyError, DuplicateKeyError } from '../errors/errors';

import type { ContractContext } from './document-store-contract-context';

/** The DocumentStore contract: writes, revisions, unique indexes and durability. */
export function writesContract(t: ContractContext): void {
  describe('writes and revisions', () => {
    it('get returns null for a missing document', async () => {
      expect(await t.store.collection('things').get('nope')).toBeNull();
    });

    it('insert stores the document at revision 1', async () => {
      const things = t.store.collection<{ _id: string; n: number; nested: { ok: boolean } }>('things');
      const stored = await things.insert({ _id: 'a', n: 1, nested: { ok: true } });
      expect(stored).toEqual({ _id: 'a', n: 1, nested: { ok: true }, _rev: 1 });
      expect(await things.get('a')).toEqual({ _id: 'a', n: 1, nested: { ok: true }, _rev: 1 });
    });

    it('insert of an existing _id throws DuplicateKeyError naming the collection', async () => {
      const things = t.store.collection<{ _id: string; n: number }>('things');
      await things.insert({ _id: 'a', n: 1 });
      const error = await things.insert({ _id: 'a', n: 2 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DuplicateKeyError);
      expect((error as DuplicateKeyError).collection).toBe('things');
      expect((error as DuplicateKeyError).index).toBe('_id_');
      expect(await things.get('a')).toMatchObject({ n: 1, _rev: 1 });
    });

    it('upsert inserts at revision 1, then replaces the whole document and bumps the revision', async () => {
      const things = t.store.collection<{ _id: string; n: number; extra?: string }>('things');
      expect(await things.upsert({ _id: 'a', n: 1, extra: 'x' })).toMatchObject({ _rev: 1 });
      const second = await things.upsert({ _id: 'a', n: 2 });
      expect(second._rev).toBe(2);
      expect(await things.get('a')).toEqual({ _id: 'a', n: 2, _rev: 2 });
    });

    it('update with the current revision replaces the document and bumps the revision', async () => {
      const things = t.store.collection<{ _id: string; n: number }>('things');
      const v1 = await things.insert({ _id: 'a', n: 1 });
      const v2 = await things.update({ _id: 'a', n: 2 }, { expectedRevision: v1._rev });
      expect(v2).toEqual({ _id: 'a', n: 2, _rev: 2 });
      expect(await things.get('a')).toEqual(v2);
    });

    it('update ignores a stale _rev inside the document and trusts expectedRevision', async () => {
      const things = t.store.collection<{ _id: string; n: number; _rev?: number }>('things');
      await things.insert({ _id: 'a', n: 1 });
      const v2 = await things.update({ _id: 'a', n: 2, _rev: 99 }, { expectedRevision: 1 });
      expect(v2._rev).toBe(2);
      expect((await things.get('a'))?._rev).toBe(2);
    });

    it('update with a stale revision throws ConcurrencyError and changes nothing', async () => {
      const things = t.store.collection<{ _id: string; n: number }>('things');
      await things.insert({ _id: 'a', n: 1 });
      await things.update({ _id: 'a', n: 2 }, { expectedRevision: 1 });
      await expect(things.update({ _id: 'a', n: 3 }, { expectedRevision: 1 })).rejects.toBeInstanceOf(
        ConcurrencyError,
      );
      expect(await things.get('a')).toEqual({ _id: 'a', n: 2, _rev: 2 });
    });

    it('update of a missing document throws ConcurrencyError', async () => {
      await expect(
        t.store.collection('things').update({ _id: 'ghost' }, { expectedRevision: 1 }),
      ).rejects.toBeInstanceOf(ConcurrencyError);
      expect(await t.store.collection('things').get('ghost')).toBeNull();
    });

    it('only one of two concurrent updates from the same revision wins', async () => {
      const things = t.store.collection<{ _id: string; n: number }>('things');
      await things.insert({ _id: 'a', n: 0 });
      const results = await Promise.allSettled([
        things.update({ _id: 'a', n: 1 }, { expectedRevision: 1 }),
        things.update({ _id: 'a', n: 2 }, { expectedRevision: 1 }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected');
      expect((rejected as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
      expect((await things.get('a'))?._rev).toBe(2);
    });

    it('delete reports whether something was deleted', async () => {
      const things = t.store.collection<{ _id: string }>('things');
      await things.insert({ _id: 'a' });
      expect(await things.delete('a')).toBe(true);
      expect(await things.delete('a')).toBe(false);
      expect(await things.get('a')).toBeNull();
    });

    it('delete with expectedRevision deletes only at that revision', async () => {
      const things = t.store.collection<{ _id: string; n: number }>('things');
      await things.insert({ _id: 'a', n: 1 });
      await things.update({ _id: 'a', n: 2 }, { expectedRevision: 1 });
      await expect(things.delete('a', { expectedRevision: 1 })).rejects.toBeInstanceOf(ConcurrencyError);
      expect(await things.get('a')).not.toBeNull();
      expect(await things.delete('a', { expectedRevision: 2 })).toBe(true);
      await expect(things.delete('a', { expectedRevision: 2 })).rejects.toBeInstanceOf(ConcurrencyError);
    });

    it('keeps collections separate', async () => {
      await t.store.collection<{ _id: string; v: number }>('one').insert({ _id: 'x', v: 1 });
      await t.store.collection<{ _id: string; v: number }>('two').insert({ _id: 'x', v: 2 });
      expect(await t.store.collection('one').get('x')).toMatchObject({ v: 1 });
      expect(await t.store.collection('two').get('x')).toMatchObject({ v: 2 });
    });

    it('round-trips Unicode, nested objects, arrays and nulls', async () => {
      const doc = {
        _id: 'zażółć-1',
        text: 'Zażółć gęślą jaźń 🎉',
        nested: { list: [1, 'a', null, { deep: false }] },
        nothing: null,
      };
      await t.store.collection('things').insert(doc);
      expect(await t.store.collection('things').get('zażółć-1')).toEqual({ ...doc, _rev: 1 });
    });
  });

  describe('unique indexes', () => {
    it('reject a second document with the same value, naming the index', async () => {
      const users = t.store.collection<{ _id: string; email: string }>('users');
      await users.ensureIndex({ fields: { email: 1 }, unique: true, name: 'email_unique' });
      await users.ensureIndex({ fields: { email: 1 }, unique: true, name: 'email_unique' }); // idempotent
      await users.insert({ _id: 'u1', email: 'anna@example.pl' });
      const error = await users.insert({ _id: 'u2', email: 'anna@example.pl' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DuplicateKeyError);
      expect(error).toMatchObject({ collection: 'users', index: 'email_unique', code: 'DUPLICATE_KEY' });
      expect(await users.get('u2')).toBeNull();
    });

    it('apply to upsert and update as well', async () => {
      const users = t.store.collection<{ _id: string; email: string }>('users');
      await users.ensureIndex({ fields: { email: 1 }, unique: true, name: 'email_unique' });
      await users.insert({ _id: 'u1', email: 'a@example.pl' });
      await users.insert({ _id: 'u2', email: 'b@example.pl' });
      await expect(users.upsert({ _id: 'u2', email: 'a@example.pl' })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
      await expect(
        users.update({ _id: 'u2', email: 'a@example.pl' }, { expectedRevision: 1 }),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await users.get('u2')).toMatchObject({ email: 'b@example.pl', _rev: 1 });
      await users.upsert({ _id: 'u1', email: 'a@example.pl' }); // same document keeps its own value
    });

    it('on several fields only reject the same combination', async () => {
      const cards = t.store.collection<{ _id: string; tenantId: string; number: string }>('cards');
      await cards.ensureIndex({ fields: { tenantId: 1, number: 1 }, unique: true });
      await cards.insert({ _id: 'k1', tenantId: 't1', number: '001' });
      await cards.insert({ _id: 'k2', tenantId: 't2', number: '001' });
      await expect(cards.insert({ _id: 'k3', tenantId: 't1', number: '001' })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
    });

    it('cannot be created over existing duplicates', async () => {
      const users = t.store.collection<{ _id: string; email: string }>('users');
      await users.insert({ _id: 'u1', email: 'same@example.pl' });
      await users.insert({ _id: 'u2', email: 'same@example.pl' });
      await expect(
        users.ensureIndex({ fields: { email: 1 }, unique: true, name: 'email_unique' }),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
    });

    it('non-unique indexes allow duplicates and do not change query results', async () => {
      const users = t.store.collection<{ _id: string; city: string }>('users');
      await users.ensureIndex({ fields: { city: 1 } });
      await users.insert({ _id: 'u1', city: 'Łódź' });
      await users.insert({ _id: 'u2', city: 'Łódź' });
      expect(await users.count({ city: 'Łódź' })).toBe(2);
    });
  });

  // The same queries without indexes, with an index on every queried field declared before the documents
  // are written, and declared after: an index never changes what a query finds, counts or in which order.
  describe('durability', () => {
    it('data, revisions and unique indexes survive close and open', async () => {
      const users = t.store.collection<{ _id: string; email: string }>('users');
      await users.ensureIndex({ fields: { email: 1 }, unique: true, name: 'email_unique' });
      await users.insert({ _id: 'u1', email: 'a@example.pl' });
      await users.update({ _id: 'u1', email: 'b@example.pl' }, { expectedRevision: 1 });
      await t.store.close();
      t.forget(t.store);

      const again = await t.reopen();
      const reopened = again.collection<{ _id: string; email: string }>('users');
      expect(await reopened.get('u1')).toEqual({ _id: 'u1', email: 'b@example.pl', _rev: 2 });
      await expect(reopened.insert({ _id: 'u2', email: 'b@example.pl' })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
    });
  });
}

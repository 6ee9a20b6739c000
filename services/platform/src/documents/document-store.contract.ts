import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConcurrencyError, DuplicateKeyError } from '../errors/errors';
import type { Collection, DocumentStore, Filter } from './document-store.port';

/**
 * The ONE contract every DocumentStore adapter passes (SQLite now, MongoDB later). It uses only the port.
 * `harness()` is called before each test and must give a fresh, empty store location; `open()` may be
 * called several times on it (close + open = restart).
 */
export interface DocumentStoreHarness {
  open(): Promise<DocumentStore>;
  cleanup(): Promise<void>;
}

type Customer = {
  _id: string;
  name: string;
  city?: string | null;
  points: number;
  active: boolean;
  tags: string[];
  address?: { city: string; zip: string };
  joinedAt: string;
};

const customers: Customer[] = [
  {
    _id: 'c1',
    name: 'Anna',
    city: 'Łódź',
    points: 120,
    active: true,
    tags: ['vip', 'coffee'],
    address: { city: 'Łódź', zip: '90-001' },
    joinedAt: '2026-01-05',
  },
  {
    _id: 'c2',
    name: 'Bartek',
    city: 'Kraków',
    points: 40,
    active: false,
    tags: ['coffee'],
    address: { city: 'Kraków', zip: '30-001' },
    joinedAt: '2026-02-10',
  },
  { _id: 'c3', name: 'Celina', city: 'ŁÓDŹ', points: 40, active: true, tags: [], joinedAt: '2026-03-15' },
  { _id: 'c4', name: 'Dawid', city: null, points: 0, active: false, tags: ['vip'], joinedAt: '2026-04-20' },
  {
    _id: 'c5',
    name: 'Ela',
    points: 300,
    active: true,
    tags: ['tea'],
    address: { city: 'Gdańsk', zip: '80-001' },
    joinedAt: '2026-05-25',
  },
];

export function documentStoreContract(
  adapterName: string,
  harness: () => Promise<DocumentStoreHarness>,
): void {
  describe(`DocumentStore contract: ${adapterName}`, () => {
    let env: DocumentStoreHarness;
    let store: DocumentStore;
    let open: DocumentStore[];

    beforeEach(async () => {
      env = await harness();
      open = [];
      store = await reopen();
    });

    afterEach(async () => {
      for (const s of open) await s.close();
      await env.cleanup();
    });

    async function reopen(): Promise<DocumentStore> {
      const s = await env.open();
      open.push(s);
      return s;
    }

    const ids = (docs: Array<{ _id: string }>) => docs.map((d) => d._id);

    describe('writes and revisions', () => {
      it('get returns null for a missing document', async () => {
        expect(await store.collection('things').get('nope')).toBeNull();
      });

      it('insert stores the document at revision 1', async () => {
        const things = store.collection<{ _id: string; n: number; nested: { ok: boolean } }>('things');
        const stored = await things.insert({ _id: 'a', n: 1, nested: { ok: true } });
        expect(stored).toEqual({ _id: 'a', n: 1, nested: { ok: true }, _rev: 1 });
        expect(await things.get('a')).toEqual({ _id: 'a', n: 1, nested: { ok: true }, _rev: 1 });
      });

      it('insert of an existing _id throws DuplicateKeyError naming the collection', async () => {
        const things = store.collection<{ _id: string; n: number }>('things');
        await things.insert({ _id: 'a', n: 1 });
        const error = await things.insert({ _id: 'a', n: 2 }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DuplicateKeyError);
        expect((error as DuplicateKeyError).collection).toBe('things');
        expect((error as DuplicateKeyError).index).toBe('_id_');
        expect(await things.get('a')).toMatchObject({ n: 1, _rev: 1 });
      });

      it('upsert inserts at revision 1, then replaces the whole document and bumps the revision', async () => {
        const things = store.collection<{ _id: string; n: number; extra?: string }>('things');
        expect(await things.upsert({ _id: 'a', n: 1, extra: 'x' })).toMatchObject({ _rev: 1 });
        const second = await things.upsert({ _id: 'a', n: 2 });
        expect(second._rev).toBe(2);
        expect(await things.get('a')).toEqual({ _id: 'a', n: 2, _rev: 2 });
      });

      it('update with the current revision replaces the document and bumps the revision', async () => {
        const things = store.collection<{ _id: string; n: number }>('things');
        const v1 = await things.insert({ _id: 'a', n: 1 });
        const v2 = await things.update({ _id: 'a', n: 2 }, { expectedRevision: v1._rev });
        expect(v2).toEqual({ _id: 'a', n: 2, _rev: 2 });
        expect(await things.get('a')).toEqual(v2);
      });

      it('update ignores a stale _rev inside the document and trusts expectedRevision', async () => {
        const things = store.collection<{ _id: string; n: number; _rev?: number }>('things');
        await things.insert({ _id: 'a', n: 1 });
        const v2 = await things.update({ _id: 'a', n: 2, _rev: 99 }, { expectedRevision: 1 });
        expect(v2._rev).toBe(2);
        expect((await things.get('a'))?._rev).toBe(2);
      });

      it('update with a stale revision throws ConcurrencyError and changes nothing', async () => {
        const things = store.collection<{ _id: string; n: number }>('things');
        await things.insert({ _id: 'a', n: 1 });
        await things.update({ _id: 'a', n: 2 }, { expectedRevision: 1 });
        await expect(things.update({ _id: 'a', n: 3 }, { expectedRevision: 1 })).rejects.toBeInstanceOf(
          ConcurrencyError,
        );
        expect(await things.get('a')).toEqual({ _id: 'a', n: 2, _rev: 2 });
      });

      it('update of a missing document throws ConcurrencyError', async () => {
        await expect(
          store.collection('things').update({ _id: 'ghost' }, { expectedRevision: 1 }),
        ).rejects.toBeInstanceOf(ConcurrencyError);
        expect(await store.collection('things').get('ghost')).toBeNull();
      });

      it('only one of two concurrent updates from the same revision wins', async () => {
        const things = store.collection<{ _id: string; n: number }>('things');
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
        const things = store.collection<{ _id: string }>('things');
        await things.insert({ _id: 'a' });
        expect(await things.delete('a')).toBe(true);
        expect(await things.delete('a')).toBe(false);
        expect(await things.get('a')).toBeNull();
      });

      it('delete with expectedRevision deletes only at that revision', async () => {
        const things = store.collection<{ _id: string; n: number }>('things');
        await things.insert({ _id: 'a', n: 1 });
        await things.update({ _id: 'a', n: 2 }, { expectedRevision: 1 });
        await expect(things.delete('a', { expectedRevision: 1 })).rejects.toBeInstanceOf(ConcurrencyError);
        expect(await things.get('a')).not.toBeNull();
        expect(await things.delete('a', { expectedRevision: 2 })).toBe(true);
        await expect(things.delete('a', { expectedRevision: 2 })).rejects.toBeInstanceOf(ConcurrencyError);
      });

      it('keeps collections separate', async () => {
        await store.collection<{ _id: string; v: number }>('one').insert({ _id: 'x', v: 1 });
        await store.collection<{ _id: string; v: number }>('two').insert({ _id: 'x', v: 2 });
        expect(await store.collection('one').get('x')).toMatchObject({ v: 1 });
        expect(await store.collection('two').get('x')).toMatchObject({ v: 2 });
      });

      it('round-trips Unicode, nested objects, arrays and nulls', async () => {
        const doc = {
          _id: 'zażółć-1',
          text: 'Zażółć gęślą jaźń 🎉',
          nested: { list: [1, 'a', null, { deep: false }] },
          nothing: null,
        };
        await store.collection('things').insert(doc);
        expect(await store.collection('things').get('zażółć-1')).toEqual({ ...doc, _rev: 1 });
      });
    });

    describe('unique indexes', () => {
      it('reject a second document with the same value, naming the index', async () => {
        const users = store.collection<{ _id: string; email: string }>('users');
        await users.ensureIndex({ fields: { email: 1 }, unique: true, name: 'email_unique' });
        await users.ensureIndex({ fields: { email: 1 }, unique: true, name: 'email_unique' }); // idempotent
        await users.insert({ _id: 'u1', email: 'anna@example.pl' });
        const error = await users.insert({ _id: 'u2', email: 'anna@example.pl' }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DuplicateKeyError);
        expect(error).toMatchObject({ collection: 'users', index: 'email_unique', code: 'DUPLICATE_KEY' });
        expect(await users.get('u2')).toBeNull();
      });

      it('apply to upsert and update as well', async () => {
        const users = store.collection<{ _id: string; email: string }>('users');
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
        const cards = store.collection<{ _id: string; tenantId: string; number: string }>('cards');
        await cards.ensureIndex({ fields: { tenantId: 1, number: 1 }, unique: true });
        await cards.insert({ _id: 'k1', tenantId: 't1', number: '001' });
        await cards.insert({ _id: 'k2', tenantId: 't2', number: '001' });
        await expect(cards.insert({ _id: 'k3', tenantId: 't1', number: '001' })).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
      });

      it('cannot be created over existing duplicates', async () => {
        const users = store.collection<{ _id: string; email: string }>('users');
        await users.insert({ _id: 'u1', email: 'same@example.pl' });
        await users.insert({ _id: 'u2', email: 'same@example.pl' });
        await expect(
          users.ensureIndex({ fields: { email: 1 }, unique: true, name: 'email_unique' }),
        ).rejects.toBeInstanceOf(DuplicateKeyError);
      });

      it('non-unique indexes allow duplicates and do not change query results', async () => {
        const users = store.collection<{ _id: string; city: string }>('users');
        await users.ensureIndex({ fields: { city: 1 } });
        await users.insert({ _id: 'u1', city: 'Łódź' });
        await users.insert({ _id: 'u2', city: 'Łódź' });
        expect(await users.count({ city: 'Łódź' })).toBe(2);
      });
    });

    // The same queries without indexes, with an index on every queried field declared before the documents
    // are written, and declared after: an index never changes what a query finds, counts or in which order.
    describe.each(['without indexes', 'with indexes declared first', 'with indexes declared last'] as const)(
      'queries %s',
      (indexes) => {
        let col: Collection<Customer>;
        const q = async (filter: Filter) => ids(await col.find(filter, { sort: { _id: 1 } }));
        /** writes the documents, with single-field indexes on `fields` before or after them (or none) */
        async function fill<D extends { _id: string }>(c: Collection<D>, fields: string[], docs: D[]) {
          const ensure = async () => {
            for (const field of fields) await c.ensureIndex({ fields: { [field]: 1 } });
          };
          if (indexes === 'with indexes declared first') await ensure();
          for (const doc of docs) await c.insert(doc);
          if (indexes === 'with indexes declared last') await ensure();
        }

        beforeEach(async () => {
          col = store.collection<Customer>('customers');
          const fields = [
            'name',
            'city',
            'points',
            'active',
            'tags',
            'address.city',
            'address.zip',
            'joinedAt',
          ];
          await fill(col, fields, customers);
        });

        it('equality on strings and numbers is type-strict', async () => {
          expect(await q({ name: 'Anna' })).toEqual(['c1']);
          expect(await q({ points: 40 })).toEqual(['c2', 'c3']);
          expect(await q({ points: '40' as unknown as number })).toEqual([]);
          expect(await q({ _id: 'c4' })).toEqual(['c4']);
        });

        it('equality on booleans, which is not equality on 1/0', async () => {
          expect(await q({ active: true })).toEqual(['c1', 'c3', 'c5']);
          expect(await q({ active: false })).toEqual(['c2', 'c4']);
          expect(await q({ active: { $ne: true } })).toEqual(['c2', 'c4']);
          await col.insert({ ...customers[0]!, _id: 'n1', active: 1 as unknown as boolean });
          expect(await q({ active: true })).toEqual(['c1', 'c3', 'c5']);
          expect(await q({ points: 120 })).toEqual(['c1', 'n1']);
        });

        it('$eq, $ne, $gt, $gte, $lt, $lte on numbers', async () => {
          expect(await q({ points: { $eq: 300 } })).toEqual(['c5']);
          expect(await q({ points: { $ne: 40 } })).toEqual(['c1', 'c4', 'c5']);
          expect(await q({ points: { $gt: 40 } })).toEqual(['c1', 'c5']);
          expect(await q({ points: { $gte: 40 } })).toEqual(['c1', 'c2', 'c3', 'c5']);
          expect(await q({ points: { $lt: 40 } })).toEqual(['c4']);
          expect(await q({ points: { $lte: 40 } })).toEqual(['c2', 'c3', 'c4']);
          expect(await q({ points: { $gt: 10, $lt: 200 } })).toEqual(['c1', 'c2', 'c3']);
        });

        it('range operators on strings (ISO dates)', async () => {
          expect(await q({ joinedAt: { $gte: '2026-02-01', $lt: '2026-04-01' } })).toEqual(['c2', 'c3']);
        });

        it('$in and $nin', async () => {
          expect(await q({ name: { $in: ['Anna', 'Ela', 'Nikt'] } })).toEqual(['c1', 'c5']);
          expect(await q({ points: { $nin: [40, 0] } })).toEqual(['c1', 'c5']);
          expect(await q({ city: { $in: [null, 'Kraków'] } })).toEqual(['c2', 'c4', 'c5']);
          expect(await q({ name: { $in: [] } })).toEqual([]);
        });

        it('$in and $nin with thousands of values (a campaign asks for the cards of 10,000 customers)', async () => {
          const many = Array.from({ length: 5000 }, (_, i) => `id-${i}`);
          expect(await q({ name: { $in: [...many, 'Anna', 'Ela'] } })).toEqual(['c1', 'c5']);
          expect(await q({ points: { $in: [...many.map((_, i) => 10_000 + i), 300, 0, true] } })).toEqual([
            'c4',
            'c5',
          ]);
          expect(await q({ name: { $nin: [...many, 'Anna'] } })).toEqual(['c2', 'c3', 'c4', 'c5']);
        });

        it('null matches missing and null; $exists tells them apart', async () => {
          expect(await q({ city: null })).toEqual(['c4', 'c5']);
          expect(await q({ city: { $ne: null } })).toEqual(['c1', 'c2', 'c3']);
          expect(await q({ city: { $exists: true } })).toEqual(['c1', 'c2', 'c3', 'c4']);
          expect(await q({ city: { $exists: false } })).toEqual(['c5']);
          expect(await q({ address: { $exists: false } })).toEqual(['c3', 'c4']);
        });

        it('$ne and $nin also match documents without the field', async () => {
          expect(await q({ city: { $ne: 'Kraków' } })).toEqual(['c1', 'c3', 'c4', 'c5']);
          expect(await q({ 'address.city': { $nin: ['Łódź'] } })).toEqual(['c2', 'c3', 'c4', 'c5']);
        });

        it('dotted paths reach into nested objects', async () => {
          expect(await q({ 'address.city': 'Łódź' })).toEqual(['c1']);
          expect(await q({ 'address.zip': { $gte: '30-000', $lt: '90-000' } })).toEqual(['c2', 'c5']);
          expect(await q({ 'address.zip': { $exists: true } })).toEqual(['c1', 'c2', 'c5']);
        });

        it('conditions on arrays match when any element matches', async () => {
          expect(await q({ tags: 'vip' })).toEqual(['c1', 'c4']);
          expect(await q({ tags: { $eq: 'coffee' } })).toEqual(['c1', 'c2']);
          expect(await q({ tags: { $in: ['tea', 'vip'] } })).toEqual(['c1', 'c4', 'c5']);
          expect(await q({ tags: { $ne: 'vip' } })).toEqual(['c2', 'c3', 'c5']);
          expect(await q({ tags: { $nin: ['coffee', 'tea'] } })).toEqual(['c3', 'c4']);
          expect(await q({ tags: { $regex: '^CO', $options: 'i' } })).toEqual(['c1', 'c2']);
        });

        it('range conditions on numeric arrays match any element', async () => {
          const scores = store.collection<{ _id: string; s: number[] }>('scores');
          await fill(
            scores,
            ['s'],
            [
              { _id: 's1', s: [1, 5, 9] },
              { _id: 's2', s: [2, 3] },
            ],
          );
          expect(ids(await scores.find({ s: { $gt: 8 } }))).toEqual(['s1']);
          expect(ids(await scores.find({ s: 3 }))).toEqual(['s2']);
        });

        it('tells text from arrays, objects, numbers and booleans that look alike', async () => {
          type Mixed = { _id: string; v: unknown };
          const mixed = store.collection<Mixed>('mixed');
          const values: Array<[string, unknown]> = [
            ['text-array', '["a"]'],
            ['array', ['a']],
            ['text-object', '{"k":1}'],
            ['object', { k: 1 }],
            ['one', 1],
            ['true', true],
            ['zero', 0],
            ['false', false],
            ['text-one', '1'],
            ['text-bracket', '[x'],
            ['text', 'm'],
          ];
          await fill(
            mixed,
            ['v'],
            values.map(([_id, v]) => ({ _id, v })),
          );
          const m = async (filter: Filter) => ids(await mixed.find(filter, { sort: { _id: 1 } }));
          expect(await m({ v: '["a"]' })).toEqual(['text-array']);
          expect(await m({ v: 'a' })).toEqual(['array']);
          expect(await m({ v: '{"k":1}' })).toEqual(['text-object']);
          expect(await m({ v: 1 })).toEqual(['one']);
          expect(await m({ v: 0 })).toEqual(['zero']);
          expect(await m({ v: true })).toEqual(['true']);
          expect(await m({ v: '1' })).toEqual(['text-one']);
          // strings only (an array through its element 'a'); never the object or numbers
          expect(await m({ v: { $gte: '[' } })).toEqual([
            'array',
            'text',
            'text-array',
            'text-bracket',
            'text-object',
          ]);
          expect(await m({ v: { $lt: 'n' } })).toEqual([
            'array',
            'text',
            'text-array',
            'text-bracket',
            'text-one',
          ]);
          expect(await m({ v: { $gt: 0.5 } })).toEqual(['one']);
          expect(await m({ v: { $lte: 0 } })).toEqual(['zero']);
          expect(await m({ v: { $regex: '^\\[' } })).toEqual(['text-array', 'text-bracket']);
          expect(await m({ v: { $regex: 'k' } })).toEqual(['text-object']);
          expect(await m({ v: { $in: ['a', 1] } })).toEqual(['array', 'one']);
          expect(await m({ v: { $exists: true } })).toHaveLength(values.length);
        });

        it('$regex, case-sensitive and case-insensitive with Polish letters', async () => {
          expect(await q({ city: { $regex: '^Łódź$' } })).toEqual(['c1']);
          expect(await q({ city: { $regex: '^łódź$', $options: 'i' } })).toEqual(['c1', 'c3']);
          expect(await q({ city: { $regex: 'ÓD', $options: 'i' } })).toEqual(['c1', 'c3']);
          expect(await q({ name: { $regex: 'a$' } })).toEqual(['c1', 'c3', 'c5']);
          expect(await q({ points: { $regex: '1' } })).toEqual([]);
        });

        it('$and and $or, nested, alongside plain fields', async () => {
          expect(await q({ $or: [{ city: 'Kraków' }, { points: { $gte: 300 } }] })).toEqual(['c2', 'c5']);
          expect(await q({ $and: [{ active: true }, { points: { $lt: 200 } }] })).toEqual(['c1', 'c3']);
          expect(await q({ active: true, $or: [{ tags: 'vip' }, { tags: 'tea' }] })).toEqual(['c1', 'c5']);
          expect(await q({ $or: [{ $and: [{ active: false }, { points: 0 }] }, { name: 'Anna' }] })).toEqual([
            'c1',
            'c4',
          ]);
        });

        it('sort ascending and descending on several fields', async () => {
          expect(ids(await col.find({}, { sort: { points: -1, name: 1 } }))).toEqual([
            'c5',
            'c1',
            'c2',
            'c3',
            'c4',
          ]);
          expect(ids(await col.find({}, { sort: { points: 1, name: -1 } }))).toEqual([
            'c4',
            'c3',
            'c2',
            'c1',
            'c5',
          ]);
          expect(ids(await col.find({}, { sort: { active: 1, joinedAt: -1 } }))).toEqual([
            'c4',
            'c2',
            'c5',
            'c3',
            'c1',
          ]);
          expect(
            ids(await col.find({ 'address.city': { $exists: true } }, { sort: { 'address.zip': -1 } })),
          ).toEqual(['c1', 'c5', 'c2']);
        });

        it('skip and limit after sorting', async () => {
          const page = (skip: number, limit: number) =>
            col.find({}, { sort: { joinedAt: 1 }, skip, limit }).then(ids);
          expect(await page(0, 2)).toEqual(['c1', 'c2']);
          expect(await page(2, 2)).toEqual(['c3', 'c4']);
          expect(await page(4, 2)).toEqual(['c5']);
          expect(await page(10, 2)).toEqual([]);
          expect(ids(await col.find({}, { sort: { joinedAt: 1 }, skip: 3 }))).toEqual(['c4', 'c5']);
        });

        it('scan hands over every match in order, a batch at a time, ties broken by _id', async () => {
          const batches = async (filter: Filter, options: Parameters<typeof col.scan>[1]) => {
            const out: string[][] = [];
            for await (const batch of col.scan(filter, options)) out.push(ids(batch));
            return out;
          };
          await col.insert({
            _id: 'c0',
            name: 'Bartek',
            points: 1,
            active: true,
            tags: [],
            joinedAt: '2026-06-01',
          });
          const cheap = { points: { $lt: 300 } };
          expect(await batches(cheap, { sort: { name: 1 }, batchSize: 2 })).toEqual([
            ['c1', 'c0'],
            ['c2', 'c3'],
            ['c4'],
          ]);
          expect(await batches(cheap, { sort: { name: -1 }, batchSize: 2 })).toEqual([
            ['c4', 'c3'],
            ['c0', 'c2'],
            ['c1'],
          ]);
          expect(await batches({}, { sort: { points: -1 }, batchSize: 10 })).toEqual([
            ['c5', 'c1', 'c2', 'c3', 'c0', 'c4'],
          ]);
          expect(await batches({ name: { $regex: 'ARTEK', $options: 'i' } }, {})).toEqual([['c0', 'c2']]);
          expect(await batches({ name: 'Nikt' }, { sort: { name: 1 } })).toEqual([]);
          const fetched = await col.scan({}, { sort: { joinedAt: 1 } }).next();
          expect(fetched.value?.[0]).toEqual({ ...customers[0], _rev: 1 });
        });

        it('scan stopped early releases its query, and writes go on meanwhile', async () => {
          for await (const batch of col.scan({}, { sort: { name: 1 }, batchSize: 1 })) {
            expect(ids(batch)).toEqual(['c1']);
            await col.insert({
              _id: 'c9',
              name: 'Zenon',
              points: 5,
              active: true,
              tags: [],
              joinedAt: '2026-07-01',
            });
            break;
          }
          expect(await col.count()).toBe(6);
          await expect(col.scan({}, { batchSize: 0 }).next()).rejects.toThrow();
        });

        it('findOne returns the first match or null', async () => {
          expect(await col.findOne({ name: 'Ela' })).toMatchObject({ _id: 'c5', points: 300, _rev: 1 });
          expect(await col.findOne({ name: 'Nikt' })).toBeNull();
        });

        it('count with and without a filter', async () => {
          expect(await col.count()).toBe(5);
          expect(await col.count({})).toBe(5);
          expect(await col.count({ active: true, points: { $gt: 100 } })).toBe(2);
          expect(await store.collection('empty').count()).toBe(0);
        });

        it('finds nothing in a collection that was never written', async () => {
          expect(await store.collection('empty').find({ a: 1 })).toEqual([]);
        });
      },
    );

    describe('queries on indexed fields', () => {
      // A store may answer these from its indexes alone (SQLite: when no document holds an array, a boolean,
      // 0/1 or null in the field); the answers must stay those of the semantics above, also once one does.
      type Member = { _id: string; tenantId?: unknown; status?: unknown; name: string; n?: unknown };
      let members: Collection<Member>;
      const page = async (filter: Filter) =>
        ids(await members.find(filter, { sort: { name: 1, _id: 1 }, limit: 3 }));

      beforeEach(async () => {
        members = store.collection<Member>('members');
        await members.ensureIndex({ fields: { tenantId: 1, name: 1, status: 1 }, name: 'members_list' });
        await members.ensureIndex({ fields: { n: 1 }, name: 'members_n' });
        for (let i = 0; i < 8; i++)
          await members.insert({
            _id: `m${i}`,
            tenantId: i < 6 ? 't1' : 't2',
            status: i % 3 === 0 ? 'removed' : 'active',
            name: `name ${i % 4}`,
            n: i * 10,
          });
      });

      it('count and page with equality and $in on the indexed fields, ties broken by _id', async () => {
        const listed = { tenantId: 't1', status: { $in: ['invited', 'active'] } };
        expect(await members.count(listed)).toBe(4);
        expect(await page(listed)).toEqual(['m4', 'm1', 'm5']);
        expect(await members.count({ tenantId: 't1', status: { $nin: ['removed'] } })).toBe(4);
        expect(await members.count({ tenantId: { $ne: 't1' } })).toBe(2);
        expect(await members.count({ n: { $gte: 20, $lt: 50 } })).toBe(3);
        expect(await members.count({ tenantId: { $exists: false } })).toBe(0);
      });

      it('documents whose field is missing, null, of another type or an array, added later', async () => {
        const odd: Member[] = [
          { _id: 'x-missing', name: 'x' },
          { _id: 'x-null', tenantId: null, status: null, name: 'x', n: null },
          { _id: 'x-number', tenantId: 1, status: 0, name: 'x', n: '30' },
          { _id: 'x-boolean', tenantId: true, status: false, name: 'x', n: true },
          // one array per document: MongoDB cannot index two arrays of one document in one compound index
          { _id: 'x-array', tenantId: ['t2', 't1'], status: 'active', name: 'x', n: [5, 30] },
          { _id: 'x-array-status', tenantId: 't1', status: ['removed', 'active'], name: 'x', n: 7 },
          { _id: 'x-object', tenantId: { id: 't1' }, status: { s: 'active' }, name: 'x', n: { v: 1 } },
          { _id: 'x-text', tenantId: '[t1]', status: '{active}', name: 'x', n: '[1]' },
        ];
        for (const doc of odd) await members.insert(doc);
        const listed = { tenantId: 't1', status: { $in: ['invited', 'active'] } };
        expect(await members.count(listed)).toBe(6);
        expect(await page(listed)).toEqual(['m4', 'm1', 'm5']);
        expect(ids(await members.find(listed, { sort: { name: -1, _id: 1 }, limit: 3 }))).toEqual([
          'x-array',
          'x-array-status',
          'm2',
        ]);
        expect(await members.count({ tenantId: 't1' })).toBe(8);
        expect(await members.count({ tenantId: null })).toBe(2);
        expect(ids(await members.find({ tenantId: { $exists: false } }))).toEqual(['x-missing']);
        expect(await members.count({ tenantId: { $exists: true } })).toBe(15);
        expect(ids(await members.find({ tenantId: 1 }))).toEqual(['x-number']);
        expect(ids(await members.find({ tenantId: true }))).toEqual(['x-boolean']);
        expect(ids(await members.find({ status: 0 }))).toEqual(['x-number']);
        expect(ids(await members.find({ status: false }))).toEqual(['x-boolean']);
        expect(ids(await members.find({ tenantId: '[t1]' }))).toEqual(['x-text']);
        expect(await members.count({ tenantId: { $gte: 't' } })).toBe(10); // strings only: 9 + the array
        expect(ids(await members.find({ n: { $gt: 25, $lt: 35 } }, { sort: { _id: 1 } }))).toEqual([
          'm3',
          'x-array',
        ]);
        expect(ids(await members.find({ n: { $lte: 1 } }, { sort: { _id: 1 } }))).toEqual(['m0']);
        expect(ids(await members.find({ n: 1 }))).toEqual([]);
        expect(await members.count({ n: { $ne: 30 } })).toBe(14);
        expect(ids(await members.find({ tenantId: { $regex: '^\\[' } }))).toEqual(['x-text']);
        // a document rewritten into another shape
        await members.update(
          { _id: 'm7', tenantId: ['t1'], status: 'active', name: 'name 3', n: 70 },
          { expectedRevision: 1 },
        );
        expect(await members.count(listed)).toBe(7);
        // replaced whole (an upsert over an existing document) with a kind of value already seen there
        for (let i = 0; i < 2; i++)
          await members.upsert({ _id: 'x-boolean', tenantId: false, status: true, name: 'x', n: [0] });
        expect(ids(await members.find({ n: 0 }, { sort: { _id: 1 } }))).toEqual(['m0', 'x-boolean']);
        const scanned: string[] = [];
        for await (const batch of members.scan(listed, { sort: { name: 1 } })) scanned.push(...ids(batch));
        expect(scanned).toEqual(['m4', 'm1', 'm5', 'm2', 'm7', 'x-array', 'x-array-status']);
      });

      it('the same answers after a restart', async () => {
        await members.insert({ _id: 'x-array', tenantId: ['t1'], status: 'active', name: 'a', n: [1] });
        await store.close();
        open = open.filter((s) => s !== store);
        const again = (await reopen()).collection<Member>('members');
        expect(await again.count({ tenantId: 't1', status: 'active' })).toBe(5);
        expect(ids(await again.find({ n: 1 }))).toEqual(['x-array']);
      });
    });

    describe('substring indexes', () => {
      type Person = { _id: string; text?: unknown; n?: number };
      const people: Person[] = [
        { _id: 'p1', text: 'lukasz wisniewski | lukasz.wisniewski@wp.pl | +48 600 100 200 | 48600100200' },
        { _id: 'p2', text: 'Łucja Żak | lucja@o2.pl' },
        { _id: 'p3', text: 'anna.kowalski20@gmail.com' },
        { _id: 'p4', text: 'a|b pipe and "quotes" and 100% and a_b' },
        { _id: 'p5', text: ['zofia nowak', 'zosia'] },
        { _id: 'p6', text: 42 },
        { _id: 'p7' },
        { _id: 'p8', text: 'ANNA KOWALSKA' },
        { _id: 'p9', text: 'ab' },
      ];
      const patterns: Array<{ $regex: string; $options?: 'i' }> = [
        { $regex: 'wisniew' },
        { $regex: 'lukasz\\.wisniewski@' },
        { $regex: '600 100|600100' },
        { $regex: 'anna' },
        { $regex: 'anna', $options: 'i' },
        { $regex: 'łucja', $options: 'i' },
        { $regex: 'Żak' },
        { $regex: 'an' }, // shorter than a trigram: answered without the index
        { $regex: 'a\\|b' },
        { $regex: '"quotes"' },
        { $regex: '100%' },
        { $regex: 'a_b' },
        { $regex: 'zosia' },
        { $regex: 'nowak' },
        { $regex: '^anna' }, // real regex syntax: answered without the index
        { $regex: 'xyzzy' },
        { $regex: '42' },
      ];

      it('never changes what a $regex finds or counts, only how fast', async () => {
        const plain = store.collection<Person>('people_plain');
        const indexed = store.collection<Person>('people_indexed');
        await indexed.ensureIndex({ fields: { text: 1 }, substring: true, name: 'text_substring' });
        for (const p of people) {
          await plain.insert(p);
          await indexed.insert(p);
        }
        // writes after the index: an update, a delete and a replacement
        for (const c of [plain, indexed]) {
          await c.update(
            { _id: 'p3', text: 'anna.kowalski20@gmail.com | 500 007 123' },
            { expectedRevision: 1 },
          );
          await c.delete('p9');
          await c.upsert({ _id: 'p8', text: 'ANNA KOWALSKA | anna.k@onet.pl' });
        }
        await indexed.ensureIndex({ fields: { text: 1 }, substring: true, name: 'text_substring' }); // idempotent
        for (const pattern of patterns) {
          const filter: Filter = { text: pattern };
          const expected = ids(await plain.find(filter, { sort: { _id: 1 } }));
          expect(ids(await indexed.find(filter, { sort: { _id: 1 } })), JSON.stringify(pattern)).toEqual(
            expected,
          );
          expect(await indexed.count({ $and: [{ _id: { $ne: 'p1' } }, filter] })).toBe(
            await plain.count({ $and: [{ _id: { $ne: 'p1' } }, filter] }),
          );
        }
        expect(ids(await indexed.find({ text: { $regex: 'wisniew' } }))).toEqual(['p1']);
        expect(ids(await indexed.find({ text: { $regex: '500 007' } }))).toEqual(['p3']);
      });

      it('is one field and not unique', async () => {
        const c = store.collection<Person>('people_bad');
        await expect(
          c.ensureIndex({ fields: { text: 1, n: 1 }, substring: true, name: 'two_fields' }),
        ).rejects.toThrow();
      });
    });

    describe('durability', () => {
      it('data, revisions and unique indexes survive close and open', async () => {
        const users = store.collection<{ _id: string; email: string }>('users');
        await users.ensureIndex({ fields: { email: 1 }, unique: true, name: 'email_unique' });
        await users.insert({ _id: 'u1', email: 'a@example.pl' });
        await users.update({ _id: 'u1', email: 'b@example.pl' }, { expectedRevision: 1 });
        await store.close();
        open = open.filter((s) => s !== store);

        const again = await reopen();
        const reopened = again.collection<{ _id: string; email: string }>('users');
        expect(await reopened.get('u1')).toEqual({ _id: 'u1', email: 'b@example.pl', _rev: 2 });
        await expect(reopened.insert({ _id: 'u2', email: 'b@example.pl' })).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
      });
    });
  });
}

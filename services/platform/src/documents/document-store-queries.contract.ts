import { beforeEach, describe, expect, it } from 'vitest';
import type { Collection, Filter } from './document-store.port';
import { type ContractContext, type Customer, customers, ids } from './document-store-contract-context';

/** The DocumentStore contract: what queries find, count and in which order, with indexes or without. */
export function queriesContract(t: ContractContext): void {
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
        col = t.store.collection<Customer>('customers');
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
        const scores = t.store.collection<{ _id: string; s: number[] }>('scores');
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
        const mixed = t.store.collection<Mixed>('mixed');
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
        expect(await t.store.collection('empty').count()).toBe(0);
      });

      it('finds nothing in a collection that was never written', async () => {
        expect(await t.store.collection('empty').find({ a: 1 })).toEqual([]);
      });
    },
  );
}

import { beforeEach, describe, expect, it } from 'vitest';
import type { Collection, Filter } from './document-store.port';
import { type ContractContext, ids } from './document-store-contract-context';

/** The DocumentStore contract: queries a store may answer from its indexes, and substring indexes. */
export function indexedQueriesContract(t: ContractContext): void {
  describe('queries on indexed fields', () => {
    // A store may answer these from its indexes alone (SQLite: when no document holds an array, a boolean,
    // 0/1 or null in the field); the answers must stay those of the semantics above, also once one does.
    type Member = { _id: string; tenantId?: unknown; status?: unknown; name: string; n?: unknown };
    let members: Collection<Member>;
    const page = async (filter: Filter) =>
      ids(await members.find(filter, { sort: { name: 1, _id: 1 }, limit: 3 }));

    beforeEach(async () => {
      members = t.store.collection<Member>('members');
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
      await t.store.close();
      t.forget(t.store);
      const again = (await t.reopen()).collection<Member>('members');
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
      const plain = t.store.collection<Person>('people_plain');
      const indexed = t.store.collection<Person>('people_indexed');
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
      const c = t.store.collection<Person>('people_bad');
      await expect(
        c.ensureIndex({ fields: { text: 1, n: 1 }, substring: true, name: 'two_fields' }),
      ).rejects.toThrow();
    });
  });
}

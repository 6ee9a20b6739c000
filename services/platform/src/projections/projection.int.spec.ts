import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Collection } from '../documents/document-store.port';
import { SqliteDocumentStore } from '../documents/sqlite-document-store';
import {
  LIVE_DOCUMENTS,
  projectEvent,
  projectEventOnce,
  projectEventRead,
  ProjectionGapError,
  readProjection,
  type DedupedDoc,
  type ProjectionDoc,
  type Tombstone,
} from './projection';

type CardSummary = { points: number; history: number[] };
type TenantStats = { cards: number };

describe('projections on the SQLite document store', () => {
  let dir: string;
  let stores: SqliteDocumentStore[];
  let cards: Collection<ProjectionDoc<CardSummary> | Tombstone>;

  const openStore = () => {
    const store = SqliteDocumentStore.open(join(dir, 'documents.sqlite'));
    stores.push(store);
    return store;
  };

  /** event N of card c1 adds N+1 points and records N */
  const earn = (collection: typeof cards, revision: number, id = 'c1') =>
    projectEvent<CardSummary>(collection, {
      id,
      streamRevision: revision,
      apply: (current) => ({
        points: (current?.points ?? 0) + revision + 1,
        history: [...(current?.history ?? []), revision],
      }),
    });

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'punkto-projections-'));
    stores = [];
    cards = openStore().collection('card_summaries');
  });

  afterEach(async () => {
    for (const store of stores) await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  describe('projectEvent (one document per stream)', () => {
    it('applies revisions in order and records the last one', async () => {
      expect(await earn(cards, 0)).toBe('applied');
      expect(await earn(cards, 1)).toBe('applied');
      expect(await cards.get('c1')).toEqual({
        _id: 'c1',
        points: 3,
        history: [0, 1],
        lastRevision: 1,
        _rev: 2,
      });
    });

    it('skips duplicates without calling apply', async () => {
      await earn(cards, 0);
      await earn(cards, 1);
      const apply = vi.fn(() => ({ points: 999, history: [] }));
      expect(await projectEvent<CardSummary>(cards, { id: 'c1', streamRevision: 1, apply })).toBe('skipped');
      expect(await projectEvent<CardSummary>(cards, { id: 'c1', streamRevision: 0, apply })).toBe('skipped');
      expect(apply).not.toHaveBeenCalled();
      expect(await cards.get('c1')).toMatchObject({ points: 3, lastRevision: 1, _rev: 2 });
    });

    it('rejects a gap so the events are redelivered, and then catches up', async () => {
      await earn(cards, 0);
      const error = await earn(cards, 2).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProjectionGapError);
      expect(error).toMatchObject({ documentId: 'c1', lastRevision: 0, eventRevision: 2 });
      expect(await cards.get('c1')).toMatchObject({ lastRevision: 0 });
      await earn(cards, 1);
      await earn(cards, 2);
      expect(await cards.get('c1')).toMatchObject({ history: [0, 1, 2], lastRevision: 2 });
    });

    it('rejects a first event that is not revision 0', async () => {
      await expect(earn(cards, 3)).rejects.toBeInstanceOf(ProjectionGapError);
      expect(await cards.get('c1')).toBeNull();
    });

    it('rejects invalid revisions', async () => {
      await expect(earn(cards, -1)).rejects.toBeInstanceOf(RangeError);
      await expect(earn(cards, 1.5)).rejects.toBeInstanceOf(RangeError);
    });

    it('deleting leaves a tombstone, so a redelivered older event cannot resurrect the document', async () => {
      await earn(cards, 0);
      await projectEvent<CardSummary>(cards, { id: 'c1', streamRevision: 1, apply: () => null });
      expect(await readProjection(cards, 'c1')).toBeNull();
      expect(await cards.get('c1')).toMatchObject({ _deleted: true, lastRevision: 1 });
      expect(await earn(cards, 0)).toBe('skipped');
      expect(await readProjection(cards, 'c1')).toBeNull();

      await earn(cards, 0, 'c2');
      expect((await cards.find(LIVE_DOCUMENTS)).map((d) => d._id)).toEqual(['c2']);
      expect(await readProjection(cards, 'c2')).toMatchObject({ points: 1 });
      // a later event may bring it back (e.g. a card re-activated)
      expect(await earn(cards, 2)).toBe('applied');
      expect(await readProjection(cards, 'c1')).toMatchObject({ points: 3, history: [2], lastRevision: 2 });
    });

    it('projectEventRead hands back the document it wrote, or the one it found, from its one read', async () => {
      const apply = (current: CardSummary | null) => ({
        points: (current?.points ?? 0) + 5,
        history: [...(current?.history ?? []), 0],
      });
      expect(await projectEventRead<CardSummary>(cards, { id: 'c1', streamRevision: 0, apply })).toEqual({
        outcome: 'applied',
        document: { points: 5, history: [0] },
      });
      const get = vi.spyOn(cards, 'get');
      // a duplicate: the document as found, without its bookkeeping, and no second read
      expect(await projectEventRead<CardSummary>(cards, { id: 'c1', streamRevision: 0, apply })).toEqual({
        outcome: 'skipped',
        document: { points: 5, history: [0] },
      });
      expect(get).toHaveBeenCalledTimes(1);
      // deleted (a tombstone): nothing live to hand back
      await projectEvent<CardSummary>(cards, { id: 'c1', streamRevision: 1, apply: () => null });
      expect(await projectEventRead<CardSummary>(cards, { id: 'c1', streamRevision: 1, apply })).toEqual({
        outcome: 'skipped',
        document: null,
      });
      await expect(
        projectEventRead<CardSummary>(cards, { id: 'c1', streamRevision: 3, apply }),
      ).rejects.toBeInstanceOf(ProjectionGapError);
    });

    it('concurrent projectors (two connections) delivering the same events converge to one application each', async () => {
      const other = openStore().collection<ProjectionDoc<CardSummary> | Tombstone>('card_summaries');
      const revisions = Array.from({ length: 40 }, (_, i) => i);
      // Each consumer processes the stream in order, retrying gaps like a redelivering bus would.
      const consume = async (collection: typeof cards) => {
        const outcomes: string[] = [];
        for (const revision of revisions) {
          for (;;) {
            try {
              outcomes.push(await earn(collection, revision));
              break;
            } catch (error) {
              if (!(error instanceof ProjectionGapError)) throw error;
              await new Promise((resolve) => setImmediate(resolve));
            }
          }
        }
        return outcomes;
      };
      const [a, b] = await Promise.all([consume(cards), consume(other)]);
      const applied = [...a!, ...b!].filter((outcome) => outcome === 'applied').length;
      expect(applied).toBe(40);
      const doc = await readProjection<CardSummary>(cards, 'c1');
      expect(doc?.history).toEqual(revisions);
      expect(doc?.points).toBe((40 * 41) / 2);
      expect(doc?.lastRevision).toBe(39);
    });
  });

  describe('projectEventOnce (documents fed by many streams)', () => {
    let stats: Collection<DedupedDoc<TenantStats>>;
    const cardIssued = (collection: typeof stats, eventId: string, window?: number) =>
      projectEventOnce<TenantStats>(collection, {
        id: 'tenant-1',
        eventId,
        apply: (current) => ({ cards: (current?.cards ?? 0) + 1 }),
        ...(window === undefined ? {} : { window }),
      });

    beforeEach(() => {
      stats = stores[0]!.collection('tenant_stats');
    });

    it('applies each event id once, in any order', async () => {
      expect(await cardIssued(stats, 'e2')).toBe('applied');
      expect(await cardIssued(stats, 'e1')).toBe('applied');
      expect(await cardIssued(stats, 'e2')).toBe('skipped');
      expect(await stats.get('tenant-1')).toEqual({
        _id: 'tenant-1',
        cards: 2,
        appliedEventIds: ['e2', 'e1'],
        _rev: 2,
      });
    });

    it('remembers only the last `window` event ids', async () => {
      for (const id of ['e1', 'e2', 'e3', 'e4']) await cardIssued(stats, id, 3);
      expect((await stats.get('tenant-1'))?.appliedEventIds).toEqual(['e2', 'e3', 'e4']);
      expect(await cardIssued(stats, 'e3', 3)).toBe('skipped');
    });

    it('null deletes the document', async () => {
      await cardIssued(stats, 'e1');
      await projectEventOnce<TenantStats>(stats, { id: 'tenant-1', eventId: 'e9', apply: () => null });
      expect(await stats.get('tenant-1')).toBeNull();
    });

    it('concurrent projectors with overlapping redeliveries count every event exactly once', async () => {
      const other = openStore().collection<DedupedDoc<TenantStats>>('tenant_stats');
      const ids = Array.from({ length: 30 }, (_, i) => `ev-${i}`);
      // Two consumers, each handling its deliveries one at a time (as a bus consumer does), overlapping fully.
      const consume = async (collection: typeof stats, order: string[]) => {
        for (const id of order) await cardIssued(collection, id);
      };
      await Promise.all([
        consume(stats, ids),
        consume(other, [...ids].reverse()),
        consume(stats, ids.slice(10, 20)),
      ]);
      const doc = await stats.get('tenant-1');
      expect(doc?.cards).toBe(30);
      expect(new Set(doc?.appliedEventIds)).toEqual(new Set(ids));
    });
  });
});

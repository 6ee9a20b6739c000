import type { CardView } from '@punkto/contracts/cards';
import { openScannerDb, type RecentCardRecord } from '../../../lib/offline/scanner-db';
import {
  cardNumberDigits,
  findRecentCard,
  queueEntry,
  recentCardsToForget,
  requeueRefused,
  type NewAward,
  type QueuedAward,
  type RecentCard,
  type RecentCardQuery,
} from './offline-queue';

/**
 * The offline scanner's storage for one person (tenant + user): recent cards and the award queue. The
 * browser adapter is IndexedDB (lib/offline/scanner-db); tests use the in-memory one below.
 */
export interface OfflineStore {
  rememberCards(cards: readonly CardView[], now: number): Promise<void>;
  findCard(query: RecentCardQuery, now: number): Promise<RecentCard | null>;
  /** every award record of the person: waiting and refused */
  awards(): Promise<QueuedAward[]>;
  enqueue(input: NewAward & { id: string }, now: number): Promise<QueuedAward>;
  /** replaces a record (a retry's backoff, a refusal) */
  put(entry: QueuedAward): Promise<void>;
  remove(id: string): Promise<void>;
  /** a refused award back at the end of the queue (same key) */
  requeue(id: string, now: number): Promise<void>;
}

type CardRecord = RecentCardRecord<CardView>;

const cardRecord = (scope: string, card: CardView, now: number): CardRecord => ({
  key: `${scope}|${card.cardId}`,
  scope,
  cardId: card.cardId,
  number: cardNumberDigits(card.humanReadableId),
  card,
  seenAt: now,
});

/** The browser's store: IndexedDB, every read and write limited to `scope`. */
export function indexedDbOfflineStore(scope: string): OfflineStore {
  const mine = async () => {
    const db = await openScannerDb();
    return (await db.getAllFromIndex('awards', 'scope', scope)) as QueuedAward[];
  };
  return {
    async rememberCards(cards, now) {
      const db = await openScannerDb();
      const tx = db.transaction('cards', 'readwrite');
      for (const card of cards) await tx.store.put(cardRecord(scope, card, now));
      const all = (await tx.store.index('scope').getAll(scope)) as CardRecord[];
      for (const key of recentCardsToForget(all, now)) await tx.store.delete(key);
      await tx.done;
    },
    async findCard(query, now) {
      const db = await openScannerDb();
      const all = (await db.getAllFromIndex('cards', 'scope', scope)) as CardRecord[];
      const found = findRecentCard(all, query, now);
      return found ? { card: found.card, seenAt: found.seenAt } : null;
    },
    awards: mine,
    async enqueue(input, now) {
      const db = await openScannerDb();
      // one transaction: the sequence number is read and taken atomically (two tabs never share one)
      const tx = db.transaction('awards', 'readwrite');
      const existing = (await tx.store.index('scope').getAll(scope)) as QueuedAward[];
      const entry = queueEntry({ ...input, scope }, existing, now);
      await tx.store.add(entry);
      await tx.done;
      return entry;
    },
    async put(entry) {
      if (entry.scope !== scope) throw new Error('offline store: a record of another person');
      const db = await openScannerDb();
      await db.put('awards', entry);
    },
    async remove(id) {
      const db = await openScannerDb();
      const tx = db.transaction('awards', 'readwrite');
      const entry = (await tx.store.get(id)) as QueuedAward | undefined;
      if (entry?.scope === scope) await tx.store.delete(id);
      await tx.done;
    },
    async requeue(id, now) {
      const db = await openScannerDb();
      const tx = db.transaction('awards', 'readwrite');
      const existing = (await tx.store.index('scope').getAll(scope)) as QueuedAward[];
      const entry = existing.find((e) => e.id === id && e.status === 'refused');
      if (entry) await tx.store.put(requeueRefused(entry, existing, now));
      await tx.done;
    },
  };
}

/** The same store in memory (unit tests of the replay). */
export function memoryOfflineStore(scope: string): OfflineStore & { records: Map<string, QueuedAward> } {
  const records = new Map<string, QueuedAward>();
  const cards = new Map<string, CardRecord>();
  return {
    records,
    async rememberCards(list, now) {
      for (const card of list) cards.set(card.cardId, cardRecord(scope, card, now));
      for (const key of recentCardsToForget([...cards.values()], now)) cards.delete(key.split('|').pop()!);
    },
    async findCard(query, now) {
      const found = findRecentCard([...cards.values()], query, now);
      return found ? { card: found.card, seenAt: found.seenAt } : null;
    },
    async awards() {
      return [...records.values()];
    },
    async enqueue(input, now) {
      const entry = queueEntry({ ...input, scope }, [...records.values()], now);
      if (records.has(entry.id)) throw new Error('duplicate id');
      records.set(entry.id, entry);
      return entry;
    },
    async put(entry) {
      records.set(entry.id, entry);
    },
    async remove(id) {
      records.delete(id);
    },
    async requeue(id, now) {
      const entry = records.get(id);
      if (entry?.status === 'refused') records.set(id, requeueRefused(entry, [...records.values()], now));
    },
  };
}

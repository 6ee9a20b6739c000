import type { DocumentStore } from '../documents/document-store.port';
import { DuplicateKeyError } from '../errors/errors';

/**
 * The inbox of bus events a service has handled (collection `handled-events`, `_id` = `<groupId>/<event id>`).
 * eventConsumer skips an event its group completed before, so the usual redelivery (a consumer restart
 * before its offset commit, a rebalance) does no work twice — including work no decider can deduplicate,
 * such as an e-mail with a fresh link. The record is written AFTER the work: a crash in between still
 * repeats it (at least once), which is the better failure. Records older than RETENTION_DAYS are pruned;
 * bus retention is shorter, so an older event cannot come back.
 */
type HandledDoc = { _id: string; at: string };

const HANDLED_EVENTS_COLLECTION = 'handled-events';
const RETENTION_DAYS = 30;
const PRUNE_EVERY_MS = 3600_000;

export interface Inbox {
  handled(groupId: string, eventId: string): Promise<boolean>;
  record(groupId: string, eventId: string): Promise<void>;
}

export function inbox(documents: DocumentStore, clock: () => Date): Inbox {
  const handled = documents.collection<HandledDoc>(HANDLED_EVENTS_COLLECTION);
  const key = (groupId: string, eventId: string) => `${groupId}/${eventId}`;
  let lastPrune = 0;
  let indexed: Promise<void> | undefined;
  const ensureIndexes = () => (indexed ??= handled.ensureIndex({ fields: { at: 1 } }));
  return {
    async handled(groupId, eventId) {
      return (await handled.get(key(groupId, eventId))) !== null;
    },

    async record(groupId, eventId) {
      const now = clock();
      try {
        await handled.insert({ _id: key(groupId, eventId), at: now.toISOString() });
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
      if (now.getTime() - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = now.getTime();
        await ensureIndexes();
        const before = new Date(now.getTime() - RETENTION_DAYS * 86400_000).toISOString();
        for (const old of await handled.find({ at: { $lt: before } }, { limit: 500 }))
          await handled.delete(old._id);
      }
    },
  };
}

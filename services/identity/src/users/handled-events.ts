import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { DuplicateKeyError } from '@punkto/platform/errors/errors';

/**
 * An inbox of bus events identity has handled (collection `handled-events`, `_id` = the envelope id), for
 * handlers whose effect the User decider cannot deduplicate — an e-mail with a fresh link. `once` skips an
 * event that completed before, so the usual redelivery (a consumer restart before its offset commit) sends
 * no second e-mail. The record is written AFTER the work: a crash in between still repeats it (at least
 * once), which for a link e-mail is the better failure. Records older than RETENTION_DAYS are pruned; bus
 * retention is shorter, so an older event cannot come back.
 */
type HandledDoc = { _id: string; at: string };

export const HANDLED_EVENTS_COLLECTION = 'handled-events';
const RETENTION_DAYS = 30;

export function handledEvents(documents: DocumentStore, clock: () => Date) {
  const handled = documents.collection<HandledDoc>(HANDLED_EVENTS_COLLECTION);
  let lastPrune = 0;
  return {
    async ensureIndexes() {
      await handled.ensureIndex({ fields: { at: 1 } });
    },

    async once(eventId: string, work: () => Promise<void>): Promise<'done' | 'skipped'> {
      if (await handled.get(eventId)) return 'skipped';
      await work();
      const now = clock();
      try {
        await handled.insert({ _id: eventId, at: now.toISOString() });
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
      if (now.getTime() - lastPrune > 3600_000) {
        lastPrune = now.getTime();
        const before = new Date(now.getTime() - RETENTION_DAYS * 86400_000).toISOString();
        for (const old of await handled.find({ at: { $lt: before } }, { limit: 500 }))
          await handled.delete(old._id);
      }
      return 'done';
    },
  };
}

import type { Birthday } from '@punkto/contracts/birthdays';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { DuplicateKeyError } from '@punkto/platform/errors/errors';

/**
 * The customers' birthdays (ADR 0058): the day and month a customer gave, one document per person (`_id` = the
 * customer's user id) in the card ledger's own store — the ledger owns `/customers/*` and grants the reward, so
 * the date never crosses the bus. `mmdd` (month × 100 + day) lets the nightly sweep read only the birthdays near
 * today. Deleted with the account (identity's UserDeleted, identity-events.consumer.ts).
 */
export interface BirthdayDoc {
  _id: string;
  day: number;
  month: number;
  mmdd: number;
  changedAt: string;
  /** recorded from a company's import (ADR 0059), not given by the customer; absent once the customer sets it */
  imported?: boolean;
}

export const BIRTHDAYS_COLLECTION = 'customer_birthdays';

export function birthdayStore(documents: DocumentStore) {
  const docs = documents.collection<BirthdayDoc>(BIRTHDAYS_COLLECTION);
  return {
    docs,
    ensureIndexes: () => docs.ensureIndex({ fields: { mmdd: 1 }, name: 'birthdays_mmdd' }),
    async get(userId: string): Promise<Birthday | null> {
      const doc = await docs.get(userId);
      return doc ? { day: doc.day, month: doc.month } : null;
    },
    set: (userId: string, { day, month }: Birthday, at: Date) =>
      docs.upsert({ _id: userId, day, month, mmdd: month * 100 + day, changedAt: at.toISOString() }),
    /**
     * An imported birthday (ADR 0059): recorded only when the person has none — an insert, so a birthday the
     * customer gives at the same moment is never overwritten (theirs wins either way). Whether it was recorded.
     */
    async setIfNone(userId: string, { day, month }: Birthday, at: Date): Promise<boolean> {
      const doc = { _id: userId, day, month, mmdd: month * 100 + day, changedAt: at.toISOString() };
      try {
        await docs.insert({ ...doc, imported: true });
        return true;
      } catch (error) {
        if (error instanceof DuplicateKeyError) return false;
        throw error;
      }
    },
    forget: (userId: string) => docs.delete(userId),
  };
}
export type BirthdayStore = ReturnType<typeof birthdayStore>;

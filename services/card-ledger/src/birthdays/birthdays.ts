import { BIRTHDAY_WINDOW_MAX_DAYS, type Birthday } from '@punkto/contracts/birthdays';
import { addDays, warsawAt, warsawDate } from '@punkto/contracts/warsaw-time';
import type { DocumentStore, Filter } from '@punkto/platform/documents/document-store.port';
import type { EventMetadata } from '@punkto/platform/event-store/event-store.port';
import type { CardLedger } from '../cards/card-ledger';
import type { ProgramRules } from '../programs/program-rules';

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
    forget: (userId: string) => docs.delete(userId),
  };
}
export type BirthdayStore = ReturnType<typeof birthdayStore>;

export type BirthdayDeps = Pick<CardLedger, 'execute' | 'projection' | 'rulesFor' | 'clock' | 'birthdays'>;

/** the program's birthday reward, while the program is active */
const settingOf = (rules: ProgramRules | null) =>
  rules && !rules.deleted && rules.active ? (rules.birthdayReward ?? null) : null;

/**
 * The birthday reward for each of the person's cards whose program gives one and whose window contains today;
 * the decider grants it once per birthday year. Returns how many were granted.
 */
export async function grantBirthdayRewards(
  deps: BirthdayDeps,
  userId: string,
  birthday: Birthday,
  metadata: EventMetadata = {},
): Promise<number> {
  let granted = 0;
  for (const card of await deps.projection.ofUser(userId)) {
    if (card.status !== 'active') continue;
    const result = await deps.execute(
      card.cardId,
      async (state, now) => {
        if (state.status !== 'active') return null;
        const setting = settingOf(await deps.rulesFor(state.programId));
        if (!setting) return null;
        return {
          command: { type: 'GrantBirthdayReward', data: { birthday, setting }, metadata: { now } },
          metadata: { ...metadata, tenantId: state.tenantId },
        };
      },
      {},
    );
    granted += result.newEvents.length;
  }
  return granted;
}

/** The customer gives or changes the birthday: stored, and a reward whose window is on now is granted at once. */
export async function setMyBirthday(
  deps: BirthdayDeps,
  userId: string,
  birthday: Birthday,
  requestId: string,
) {
  await deps.birthdays.set(userId, birthday, deps.clock());
  await grantBirthdayRewards(deps, userId, birthday, { actorId: userId, correlationId: requestId });
}

/** the `mmdd` ranges of the birthdays whose window may contain `today` (a range across the new year is split) */
export function nearBirthdaysFilter(today: string): Filter {
  const reach = BIRTHDAY_WINDOW_MAX_DAYS + 1; // and one for 29 February celebrated on the 28th
  const mmdd = (date: string) => Number(date.slice(5, 7)) * 100 + Number(date.slice(8, 10));
  const from = mmdd(addDays(today, -reach));
  const to = mmdd(addDays(today, reach));
  return from <= to
    ? { mmdd: { $gte: from, $lte: to } }
    : { $or: [{ mmdd: { $gte: from } }, { mmdd: { $lte: to } }] };
}

/**
 * The nightly sweep: every person whose birthday is near today (Warsaw) gets the rewards their cards' windows
 * now contain. Idempotent (the decider grants once per birthday year), so a re-run or a crash halfway is harmless.
 */
export async function birthdaySweep(deps: BirthdayDeps): Promise<{ people: number; granted: number }> {
  const today = warsawDate(deps.clock());
  // read first, then write: the cards' commands share the store's connection with the read
  const near = await deps.birthdays.docs.find(nearBirthdaysFilter(today));
  let granted = 0;
  for (const doc of near)
    granted += await grantBirthdayRewards(deps, doc._id, { day: doc.day, month: doc.month });
  return { people: near.length, granted };
}

/** the next run of the nightly sweep: 00:05 of the next Warsaw day (a 23- or 25-hour day included) */
export const nextSweepAt = (now: Date): Date => warsawAt(addDays(warsawDate(now), 1), '00:05');

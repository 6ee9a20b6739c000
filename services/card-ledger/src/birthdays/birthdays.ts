import { BIRTHDAY_WINDOW_MAX_DAYS, type Birthday } from '@punkto/contracts/birthdays';
import { addDays, warsawAt, warsawDate } from '@punkto/contracts/warsaw-time';
import type { Filter } from '@punkto/platform/documents/document-store.port';
import type { EventMetadata } from '@punkto/platform/event-store/event-store.port';
import type { CardLedger } from '../cards/card-ledger';
import type { ProgramRules } from '../programs/program-rules';

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
  for (const card of await deps.projection.ofUser(userId))
    if (card.status === 'active') granted += await grantOnCard(deps, card.cardId, birthday, metadata);
  return granted;
}

/** one card's birthday reward, if its program gives one and today is in the window (0 or 1 granted) */
async function grantOnCard(deps: BirthdayDeps, cardId: string, birthday: Birthday, metadata: EventMetadata) {
  const result = await deps.execute(
    cardId,
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
  return result.newEvents.length;
}

/**
 * A program's birthday reward switched on or changed (ProgramDefined): its customers whose window is on today get
 * it now rather than the next night. Only the birthdays near today are read.
 */
export async function grantForProgram(deps: BirthdayDeps, programId: string, metadata: EventMetadata) {
  const near = await deps.birthdays.docs.find(nearBirthdaysFilter(warsawDate(deps.clock())));
  if (near.length === 0) return 0;
  const birthdays = new Map(near.map((doc) => [doc._id, { day: doc.day, month: doc.month }]));
  let granted = 0;
  for (const card of await deps.projection.active({ programId })) {
    const birthday = birthdays.get(card.userId);
    if (birthday) granted += await grantOnCard(deps, card.cardId, birthday, metadata);
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

/**
 * An imported client's birthday (ADR 0059) becomes the holder's (the customer's account, or a phone-only client's
 * card holder) only if they have none: the customer's own choice wins and an import never changes it. A reward whose
 * window is on today is granted as when the customer gives it; the once-a-birthday-year rule holds as always.
 */
export async function adoptImportedBirthday(
  deps: BirthdayDeps,
  holder: string,
  birthday: Birthday,
  metadata: EventMetadata,
): Promise<boolean> {
  if (!(await deps.birthdays.setIfNone(holder, birthday, deps.clock()))) return false;
  await grantBirthdayRewards(deps, holder, birthday, metadata);
  return true;
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

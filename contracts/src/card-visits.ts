import { CORRECTION_WINDOW_DAYS } from './cards';
import { daysFrom, segmentCustomers, type LifecycleSegment } from './customer-segments';
import { warsawDate } from './warsaw-time';
import * as events from './integration-events';
import type { z } from 'zod';

/** Every event of `cardledger.cards.v1` with its payload's schema: consumers pick the ones they read. */
export const cardLedgerEventData = {
  CardIssued: events.CardIssuedData,
  CardIssueRefused: events.CardIssueRefusedData,
  PointsEarned: events.PointsEarnedData,
  StampsAdded: events.StampsAddedData,
  RewardRedeemed: events.RewardRedeemedData,
  AwardVoided: events.AwardVoidedData,
  RedemptionVoided: events.RedemptionVoidedData,
  BalanceAdjusted: events.BalanceAdjustedData,
  TierChanged: events.TierChangedData,
  CardRegenerated: events.CardRegeneratedData,
  CardHolderLinked: events.CardHolderLinkedData,
  CardClosed: events.CardClosedData,
  AwardAnomalyDetected: events.AwardAnomalyDetectedData,
  BirthdayRewardGranted: events.BirthdayRewardGrantedData,
  BirthdayRewardRedeemed: events.BirthdayRewardRedeemedData,
  OpeningBalanceImported: events.OpeningBalanceImportedData,
  BalanceExpired: events.BalanceExpiredData,
  ExpiryWarningDue: events.ExpiryWarningDueData,
} as const;
type CardLedgerEventType = keyof typeof cardLedgerEventData;

/** The events of `cardledger.cards.v1` (the card ledger's own Card events have exactly these payloads). */
export type CardLedgerEvent = {
  [T in CardLedgerEventType]: { type: T; data: z.infer<(typeof cardLedgerEventData)[T]> };
}[CardLedgerEventType];

/**
 * The card events that change what a copy of a card holds: its balance, its holder (ADR 0056) or whether it is
 * open. Every copy of cards reads these (notification's messages and passes), and maybe more.
 */
export const cardCopyEvents = [
  'CardIssued',
  'PointsEarned',
  'StampsAdded',
  'RewardRedeemed',
  'AwardVoided',
  'RedemptionVoided',
  'BalanceAdjusted',
  'OpeningBalanceImported',
  // expiry (ADR 0062) lowers the balance
  'BalanceExpired',
  'CardHolderLinked',
  'CardClosed',
] as const satisfies readonly CardLedgerEvent['type'][];

/** The payload schemas of these card events, by type (a consumer's map of the events it reads). */
export function cardEventSchemas<const T extends CardLedgerEvent['type']>(
  types: readonly T[],
): Pick<typeof cardLedgerEventData, T> {
  return Object.fromEntries(types.map((type) => [type, cardLedgerEventData[type]])) as Pick<
    typeof cardLedgerEventData,
    T
  >;
}

/**
 * ONE definition of a card's visits for every service that segments customers (the card ledger's analytics,
 * the notification service's company messages; docs/adr/0023, 0027). The analytics summary of one card (pure; projected into `analytics_cards`, one document per card stream,
 * revision-checked, so it is idempotent by event position and rebuildable from `card-*`). It keeps what the
 * analytics query needs and nothing personal: the card's awards and redemptions in stream order as parallel
 * arrays (a query parses 500 of these documents, and arrays of numbers and short strings parse several times
 * faster than as many small objects), and today's balance.
 *
 * A void (AwardVoided / RedemptionVoided, ADR 0016) marks the entry it names `x` in `kinds`: it no longer counts
 * anywhere. Voids name the entry by its commandId; `recent` remembers the commandIds of the entries staff may
 * still void (those of the last CORRECTION_WINDOW_DAYS + 1 days), older ones are forgotten. A manual adjustment
 * (BalanceAdjusted, ADR 0050) is not a visit: it moves today's balance only, as does an imported paper card's
 * balance (OpeningBalanceImported, ADR 0059).
 */
export type CardVisits = {
  cardId: string;
  tenantId: string;
  programId: string;
  userId: string;
  /** the Warsaw day the card was issued */
  issuedOn: string;
  open: boolean;
  points: number;
  stamps: number;
  /** per entry: the Warsaw day, `2026-03-02` */
  days: string[];
  /** per entry, one character: `a` award (PointsEarned / StampsAdded), `r` redemption, `x` voided */
  kinds: string;
  /** per entry: points earned, or points spent on the reward */
  pts: number[];
  /** per entry: stamps added, or stamps spent on the reward */
  sts: number[];
  /** entry index → the reward redeemed (redemptions only: most entries are awards) */
  redeemed: Record<number, string>;
  /** the rewards' names at their latest redemption */
  rewardNames: Record<string, string>;
  /** commandId → entry index, for the entries a void may still name */
  recent: Record<string, number>;
};

// a Warsaw date depends only on the UTC hour (the zone's offsets are whole hours): one Intl call per hour seen
const dayByUtcHour = new Map<string, string>();
export function warsawDayOf(iso: string): string {
  // the events' own form (`2026-03-02T11:00:00.000Z`) is its UTC hour already: no Date to make and print
  const canonical = iso.length === 24 && iso.charCodeAt(23) === 90; // 'Z'
  const at = canonical ? null : new Date(iso);
  const hour = at ? at.toISOString().slice(0, 13) : iso.slice(0, 13);
  let day = dayByUtcHour.get(hour);
  if (day === undefined) {
    day = warsawDate(at ?? new Date(iso));
    if (dayByUtcHour.size > 100_000) dayByUtcHour.clear();
    dayByUtcHour.set(hour, day);
  }
  return day;
}

/** The entries a void may still name, on `today` (one day of slack over the correction window). */
function stillVoidable(card: CardVisits, today: string): Record<string, number> {
  const kept: Record<string, number> = {};
  for (const [commandId, index] of Object.entries(card.recent))
    if (daysFrom(card.days[index]!, today) <= CORRECTION_WINDOW_DAYS + 1) kept[commandId] = index;
  return kept;
}

function withEntry(
  card: CardVisits,
  entry: {
    commandId: string;
    day: string;
    kind: 'a' | 'r';
    points: number;
    stamps: number;
    reward?: [string, string];
  },
  balance: { points: number; stamps: number },
  owned: boolean,
): CardVisits {
  const index = card.days.length;
  const recent = { ...stillVoidable(card, entry.day), [entry.commandId]: index };
  if (owned) {
    // a summary only this fold holds (a rebuild): appended in place instead of copied per event
    card.days.push(entry.day);
    card.pts.push(entry.points);
    card.sts.push(entry.stamps);
    if (entry.reward) {
      card.redeemed[index] = entry.reward[0];
      card.rewardNames[entry.reward[0]] = entry.reward[1];
    }
    return {
      ...card,
      points: balance.points,
      stamps: balance.stamps,
      kinds: card.kinds + entry.kind,
      recent,
    };
  }
  return {
    ...card,
    points: balance.points,
    stamps: balance.stamps,
    days: [...card.days, entry.day],
    kinds: card.kinds + entry.kind,
    pts: [...card.pts, entry.points],
    sts: [...card.sts, entry.stamps],
    redeemed: entry.reward ? { ...card.redeemed, [index]: entry.reward[0] } : card.redeemed,
    rewardNames: entry.reward
      ? { ...card.rewardNames, [entry.reward[0]]: entry.reward[1] }
      : card.rewardNames,
    recent,
  };
}

/**
 * The summary after one more event of the card's stream. Pure unless `owned`: a caller that holds the only
 * reference to `current` (a rebuild folding a stream in memory) lets the entry arrays grow in place.
 */
export function applyVisitEvent(
  current: CardVisits | null,
  event: CardLedgerEvent,
  owned = false,
): CardVisits | null {
  if (event.type === 'CardIssued') {
    const d = event.data;
    return {
      cardId: d.cardId,
      tenantId: d.tenantId,
      programId: d.programId,
      userId: d.userId,
      issuedOn: warsawDayOf(d.issuedAt),
      open: true,
      points: 0,
      stamps: 0,
      days: [],
      kinds: '',
      pts: [],
      sts: [],
      redeemed: {},
      rewardNames: {},
      recent: {},
    };
  }
  if (!current) return null;
  switch (event.type) {
    case 'PointsEarned':
      return withEntry(
        current,
        {
          commandId: event.data.commandId,
          day: warsawDayOf(event.data.earnedAt),
          kind: 'a',
          points: event.data.points,
          stamps: 0,
        },
        event.data.balance,
        owned,
      );
    case 'StampsAdded':
      return withEntry(
        current,
        {
          commandId: event.data.commandId,
          day: warsawDayOf(event.data.addedAt),
          kind: 'a',
          points: 0,
          stamps: event.data.count,
        },
        event.data.balance,
        owned,
      );
    case 'RewardRedeemed': {
      const { cost, unit } = event.data;
      return withEntry(
        current,
        {
          commandId: event.data.commandId,
          day: warsawDayOf(event.data.redeemedAt),
          kind: 'r',
          points: unit === 'points' ? cost : 0,
          stamps: unit === 'stamps' ? cost : 0,
          reward: [event.data.rewardId, event.data.rewardName],
        },
        event.data.balance,
        owned,
      );
    }
    case 'AwardVoided':
    case 'RedemptionVoided': {
      const index = current.recent[event.data.voidedCommandId];
      const { [event.data.voidedCommandId]: _voided, ...recent } = current.recent;
      return {
        ...current,
        points: event.data.balance.points,
        stamps: event.data.balance.stamps,
        kinds:
          index === undefined
            ? current.kinds
            : current.kinds.slice(0, index) + 'x' + current.kinds.slice(index + 1),
        recent,
      };
    }
    case 'BalanceAdjusted':
    case 'OpeningBalanceImported': // a paper card's balance (ADR 0059) is not a visit either
    case 'BalanceExpired': // expiry (ADR 0062) lowers today's balance — the points liability — and is no visit
      return { ...current, points: event.data.balance.points, stamps: event.data.balance.stamps };
    case 'CardClosed':
      return { ...current, open: false };
    case 'CardHolderLinked':
      // a phone-only client's card now belongs to the account (ADR 0056): its visits are that person's
      return current.userId === event.data.userId ? current : { ...current, userId: event.data.userId };
    // a birthday reward costs nothing and is no visit (ADR 0058)
    case 'CardIssueRefused':
    case 'TierChanged':
    case 'CardRegenerated':
    case 'AwardAnomalyDetected':
    case 'BirthdayRewardGranted':
    case 'BirthdayRewardRedeemed':
    case 'ExpiryWarningDue':
      return current;
  }
}

/**
 * Every customer's (user's) segments on `asOf` from their cards' visits — the same customers and visit days
 * as the analytics of the whole company (all programs, closed cards' past visits included, voided entries
 * not): company messages to a segment reach exactly the people the analytics count in it.
 */
export function customerSegmentsOf(
  cards: Iterable<Pick<CardVisits, 'userId' | 'days' | 'kinds'>>,
  asOf: string,
): Map<string, { lifecycle: LifecycleSegment | null; vip: boolean }> {
  const days = new Map<string, string[]>();
  for (const card of cards) {
    let list = days.get(card.userId);
    if (!list) days.set(card.userId, (list = []));
    for (let i = 0; i < card.days.length; i++)
      if (card.kinds[i] !== 'x' && card.days[i]! <= asOf) list.push(card.days[i]!);
  }
  const distinct = new Map<string, string[]>();
  for (const [userId, list] of days) distinct.set(userId, [...new Set(list)].sort());
  return segmentCustomers(distinct, asOf);
}

import { warsawLocal } from '../cards/warsaw-time';
import type { CardEvent } from '../cards/card';

/**
 * The analytics summary of one card (pure; projected into `analytics_cards`, one document per card stream,
 * revision-checked, so it is idempotent by event position and rebuildable from `card-*`). It keeps what the
 * analytics query needs and nothing personal: the card's awards and redemptions that still count (a void
 * removes the entry it names, ADR 0016), each with its Warsaw day, and today's balance.
 */
export type VisitEntry = {
  /** the commandId of the award or redemption (what a void names) */
  c: string;
  /** the day in Warsaw, `2026-03-02` */
  d: string;
  /** `a`: award (PointsEarned / StampsAdded), `r`: redemption (RewardRedeemed) */
  k: 'a' | 'r';
  /** points earned, or points spent on the reward */
  p: number;
  /** stamps added, or stamps spent on the reward */
  s: number;
  /** the reward (redemptions) */
  r?: string;
  n?: string;
};

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
  /** in stream order (so by time) */
  entries: VisitEntry[];
};

// a Warsaw date depends only on the UTC hour (the zone's offsets are whole hours): one Intl call per hour seen
const dayByUtcHour = new Map<string, string>();
export function warsawDayOf(iso: string): string {
  const at = new Date(iso);
  const hour = at.toISOString().slice(0, 13);
  let day = dayByUtcHour.get(hour);
  if (day === undefined) {
    day = warsawLocal(at).date;
    if (dayByUtcHour.size > 100_000) dayByUtcHour.clear();
    dayByUtcHour.set(hour, day);
  }
  return day;
}

/** The summary after one more event of the card's stream. */
export function applyVisitEvent(current: CardVisits | null, event: CardEvent): CardVisits | null {
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
      entries: [],
    };
  }
  if (!current) return null;
  switch (event.type) {
    case 'PointsEarned':
      return {
        ...current,
        points: event.data.balance.points,
        stamps: event.data.balance.stamps,
        entries: [
          ...current.entries,
          {
            c: event.data.commandId,
            d: warsawDayOf(event.data.earnedAt),
            k: 'a',
            p: event.data.points,
            s: 0,
          },
        ],
      };
    case 'StampsAdded':
      return {
        ...current,
        points: event.data.balance.points,
        stamps: event.data.balance.stamps,
        entries: [
          ...current.entries,
          { c: event.data.commandId, d: warsawDayOf(event.data.addedAt), k: 'a', p: 0, s: event.data.count },
        ],
      };
    case 'RewardRedeemed': {
      const { cost, unit } = event.data;
      return {
        ...current,
        points: event.data.balance.points,
        stamps: event.data.balance.stamps,
        entries: [
          ...current.entries,
          {
            c: event.data.commandId,
            d: warsawDayOf(event.data.redeemedAt),
            k: 'r',
            p: unit === 'points' ? cost : 0,
            s: unit === 'stamps' ? cost : 0,
            r: event.data.rewardId,
            n: event.data.rewardName,
          },
        ],
      };
    }
    case 'AwardVoided':
    case 'RedemptionVoided':
      return {
        ...current,
        points: event.data.balance.points,
        stamps: event.data.balance.stamps,
        entries: current.entries.filter((e) => e.c !== event.data.voidedCommandId),
      };
    case 'CardClosed':
      return { ...current, open: false };
    case 'CardIssueRefused':
    case 'TierChanged':
    case 'CardRegenerated':
    case 'AwardAnomalyDetected':
      return current;
  }
}

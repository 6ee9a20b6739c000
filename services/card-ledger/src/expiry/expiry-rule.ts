import { daysFrom } from '@punkto/contracts/customer-segments';
import { warsawDayOf } from '@punkto/contracts/card-visits';
import { EXPIRY_WARNING_DAYS, type ExpiryNotice, type ExpirySettings } from '@punkto/contracts/expiry';
import { addMonths } from '@punkto/contracts/warsaw-time';
import type { CardData } from '../cards/card';
import { warningKey } from './card-expiry-memory';
import { lotsOfCard, type Lot, type LotUnit } from './card-lots';

/**
 * The expiry rule (ADR 0062), pure: what of a card's balance expires, and when, under its program's setting.
 * Dates are Warsaw calendar dates; `today` is the sweep's day. Expiring "on" a date means the sweep of that day
 * takes it away: the balance is whole through the day before.
 *
 * - `inactivity`: the whole balance, `months` months after the card's last visit — an award (PointsEarned /
 *   StampsAdded): the customer was at the till. A redemption or an adjustment (a referral bonus is one) is no
 *   visit. A card never visited counts from its issue; after an expiry the months count again from that day, so
 *   what is added later (an adjustment) gets its full time.
 * - `after_earning`: each lot `months` months after its earning date (card-lots.ts).
 */
export interface ExpiryRule extends ExpirySettings {
  /** what the program counts: stamps for a stamp program, points for points and tiers */
  unit: LotUnit;
}

type ExpiringCard = Pick<
  CardData,
  'lots' | 'points' | 'stamps' | 'lastAwardAt' | 'issuedAt' | 'expiry' | 'tier'
>;

export interface DueExpiry {
  amount: number;
  /** the lots that expire, oldest first */
  lots: Lot[];
  lastVisitOn: string | null;
}

const balanceIn = (card: ExpiringCard, unit: LotUnit) => (unit === 'points' ? card.points : card.stamps);

/** the day the inactivity months count from: the last visit, else the issue; never before the last expiry */
function inactiveSince(card: ExpiringCard): { from: string; lastVisitOn: string | null } {
  const lastVisitOn = card.lastAwardAt ? warsawDayOf(card.lastAwardAt) : null;
  const from = lastVisitOn ?? warsawDayOf(card.issuedAt);
  const expiredOn = card.expiry?.expiredOn ?? null;
  return { from: expiredOn && expiredOn > from ? expiredOn : from, lastVisitOn };
}

/** What expires next and when; null when the setting is off or nothing is left to expire. */
export function expiryNotice(card: ExpiringCard, rule: ExpiryRule): ExpiryNotice | null {
  const balance = balanceIn(card, rule.unit);
  if (rule.mode === 'off' || balance <= 0) return null;
  if (rule.mode === 'inactivity')
    return { amount: balance, on: addMonths(inactiveSince(card).from, rule.months) };
  const lots = lotsOfCard(card)[rule.unit];
  if (lots.length === 0) return null;
  const on = addMonths(lots[0]!.on, rule.months);
  // lots of different days may expire the same day (29, 30 and 31 January + 1 month: 28 February)
  let amount = 0;
  for (const lot of lots) {
    if (addMonths(lot.on, rule.months) > on) break;
    amount += lot.amount;
  }
  return { amount: Math.min(amount, balance), on };
}

/** What expires by `today` (everything due on or before it); null when nothing does. */
export function dueExpiry(card: ExpiringCard, rule: ExpiryRule, today: string): DueExpiry | null {
  const balance = balanceIn(card, rule.unit);
  if (rule.mode === 'off' || balance <= 0) return null;
  const lots = lotsOfCard(card)[rule.unit];
  if (rule.mode === 'inactivity') {
    const { from, lastVisitOn } = inactiveSince(card);
    if (addMonths(from, rule.months) > today) return null;
    return { amount: balance, lots, lastVisitOn };
  }
  const due: Lot[] = [];
  let amount = 0;
  for (const lot of lots) {
    if (addMonths(lot.on, rule.months) > today) break;
    due.push(lot);
    amount += lot.amount;
  }
  return amount > 0 ? { amount: Math.min(amount, balance), lots: due, lastVisitOn: null } : null;
}

/**
 * The warning due `today` for the next expiry, if any: 30 days before, then 3 days before (the nearest threshold
 * reached; a card that was already within 3 days when expiry was switched on gets only the 3-day one). Each once
 * per expiry date (the card remembers its ExpiryWarningDue); none on the expiry day itself.
 */
export function warningDue(
  card: ExpiringCard,
  rule: ExpiryRule,
  today: string,
): (ExpiryNotice & { daysBefore: number }) | null {
  const notice = expiryNotice(card, rule);
  if (!notice) return null;
  const days = daysFrom(today, notice.on);
  if (days <= 0) return null;
  const daysBefore = [...EXPIRY_WARNING_DAYS].sort((a, b) => a - b).find((d) => days <= d);
  if (daysBefore === undefined) return null;
  if (card.expiry?.warned.includes(warningKey(notice.on, daysBefore))) return null;
  return { ...notice, daysBefore };
}

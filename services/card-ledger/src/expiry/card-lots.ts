import { warsawDayOf, type CardLedgerEvent } from '@punkto/contracts/card-visits';

/**
 * The lots of a card's balance (expiry, ADR 0062): every earning — an award, a positive adjustment (a referral
 * bonus is one), an imported opening balance — is a lot of its Warsaw date; spending takes the oldest lots first
 * (FIFO). Kept in the Card state by evolve for every card, whatever its program's expiry setting, so the nightly
 * sweep reads nothing but the card. Pure.
 *
 * One rule keeps the lots true to the balance: after every event that carries the card's balance, the lots of each
 * unit add up to it — a balance that rose gets a lot of the event's date (merged with a lot of the same day), one
 * that fell is taken from the oldest lots (so the lots follow each event's balance by the change alone: no sum). Two events say better where a change belongs: a voided award takes back
 * the NEWEST lots (it undoes a mistake of the last visits, not the customer's old points), and a voided redemption
 * returns its cost as a lot of the redemption's date (the points get back no more time than they had).
 */
export interface Lot {
  /** Warsaw date of the earning, `2026-12-31` */
  on: string;
  amount: number;
}
export interface CardLots {
  points: Lot[];
  stamps: Lot[];
}
export type LotUnit = keyof CardLots;

/**
 * The card's lots; a card state without them (made before lots existed, never from a replay: evolve keeps lots for
 * every issued card) counts its balance as one lot of the day of its last award, or of its issue.
 */
export function lotsOfCard(card: {
  lots?: CardLots;
  points: number;
  stamps: number;
  lastAwardAt: string | null;
  issuedAt: string;
}): CardLots {
  if (card.lots) return card.lots;
  const on = warsawDayOf(card.lastAwardAt ?? card.issuedAt);
  return { points: addLot([], on, card.points), stamps: addLot([], on, card.stamps) };
}

export const lotsTotal = (lots: Lot[]) => lots.reduce((sum, lot) => sum + lot.amount, 0);

/** a lot of `amount` earned `on`, in date order (an offline scan or a returned redemption may be older than the last) */
export function addLot(lots: Lot[], on: string, amount: number): Lot[] {
  if (amount <= 0) return lots;
  const last = lots[lots.length - 1];
  if (!last || last.on <= on) {
    // an award of today or a later day (nearly every one): one copy of the list, not two
    const copy = lots.slice();
    if (last?.on === on) copy[copy.length - 1] = { on, amount: last.amount + amount };
    else copy.push({ on, amount });
    return copy;
  }
  let at = lots.length;
  while (at > 0 && lots[at - 1]!.on > on) at--;
  const same = at > 0 && lots[at - 1]!.on === on;
  if (same)
    return [...lots.slice(0, at - 1), { on, amount: lots[at - 1]!.amount + amount }, ...lots.slice(at)];
  return [...lots.slice(0, at), { on, amount }, ...lots.slice(at)];
}

/** `amount` taken from the oldest lots first (FIFO); a partly used lot keeps the rest */
export function takeOldest(lots: Lot[], amount: number): Lot[] {
  let left = amount;
  let first = 0;
  while (left > 0 && first < lots.length && lots[first]!.amount <= left) left -= lots[first++]!.amount;
  if (left <= 0 || first >= lots.length) return lots.slice(first);
  const partial = lots[first]!;
  return [{ on: partial.on, amount: partial.amount - left }, ...lots.slice(first + 1)];
}

/** `amount` taken from the newest lots first */
export function takeNewest(lots: Lot[], amount: number): Lot[] {
  let left = amount;
  let end = lots.length;
  while (left > 0 && end > 0 && lots[end - 1]!.amount <= left) left -= lots[--end]!.amount;
  if (left <= 0 || end === 0) return lots.slice(0, end);
  const partial = lots[end - 1]!;
  return [...lots.slice(0, end - 1), { on: partial.on, amount: partial.amount - left }];
}

/**
 * the lots made to follow the balance from `before` (what they add up to) to `after`: a rise is a lot of `day`, a
 * fall comes off the oldest lots
 */
function followed(lots: Lot[], before: number, after: number, day: () => string): Lot[] {
  if (after === before) return lots;
  if (after <= 0) return [];
  return after < before ? takeOldest(lots, before - after) : addLot(lots, day(), after - before);
}

type Balance = { points: number; stamps: number };

function withBalance(lots: CardLots, before: Balance, after: Balance, at: string): CardLots {
  const day = () => warsawDayOf(at);
  const points = followed(lots.points, before.points, after.points, day);
  const stamps = followed(lots.stamps, before.stamps, after.stamps, day);
  return points === lots.points && stamps === lots.stamps ? lots : { points, stamps };
}

const totals = (lots: CardLots): Balance => ({
  points: lotsTotal(lots.points),
  stamps: lotsTotal(lots.stamps),
});

/**
 * The lots after one more event of the card's stream (the same lots when it moved no balance); `before` is the
 * card's balance before it, which the lots add up to (evolve keeps them so from the card's first event).
 */
export function lotsAfter(lots: CardLots, before: Balance, event: CardLedgerEvent): CardLots {
  switch (event.type) {
    case 'PointsEarned':
      return withBalance(lots, before, event.data.balance, event.data.earnedAt);
    case 'StampsAdded':
      return withBalance(lots, before, event.data.balance, event.data.addedAt);
    case 'RewardRedeemed':
      return withBalance(lots, before, event.data.balance, event.data.redeemedAt);
    case 'BalanceAdjusted':
      return withBalance(lots, before, event.data.balance, event.data.adjustedAt);
    case 'OpeningBalanceImported':
      return withBalance(lots, before, event.data.balance, event.data.importedAt);
    case 'BalanceExpired':
      return withBalance(lots, before, event.data.balance, event.data.expiredAt);
    case 'AwardVoided': {
      const { points, stamps, balance, voidedAt } = event.data;
      const taken = { points: takeNewest(lots.points, points), stamps: takeNewest(lots.stamps, stamps) };
      return withBalance(taken, totals(taken), balance, voidedAt);
    }
    case 'RedemptionVoided': {
      const { unit, cost, redeemedAt, balance, voidedAt } = event.data;
      const returned = { ...lots, [unit]: addLot(lots[unit], warsawDayOf(redeemedAt), cost) };
      return withBalance(returned, totals(returned), balance, voidedAt);
    }
    default:
      return lots;
  }
}

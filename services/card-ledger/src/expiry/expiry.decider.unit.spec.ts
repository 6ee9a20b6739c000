import { deciderSpecification } from '@punkto/platform/es/decider-specification';
import { describe, expect, it } from 'vitest';
import { evolve, initialState, type Card, type CardEvent } from '../cards/card';
import { cardDecider, decide } from '../cards/card.decider';
import { cardIssued } from '../testing/mothers';
import type { ExpireBalance } from './expiry.commands';
import { expiryNotice, warningDue, type ExpiryRule } from './expiry-rule';

const spec = deciderSpecification(cardDecider);
const AFTER_12: ExpiryRule = { mode: 'after_earning', months: 12, unit: 'points' };
const INACTIVE_6: ExpiryRule = { mode: 'inactivity', months: 6, unit: 'points' };
/** the sweep of Warsaw day `today` (its instant only dates the events) */
const sweep = (
  today: string,
  rule: ExpiryRule = AFTER_12,
  now = `${today}T09:00:00.000Z`,
): ExpireBalance => ({
  type: 'ExpireBalance',
  data: { today, rule },
  metadata: { now: new Date(now) },
});

/** a card's events with correct balances (each folded as it is added) */
function card(issuedAt = '2025-01-05T09:00:00.000Z') {
  const events: CardEvent[] = [cardIssued({ issuedAt })];
  let state: Card = evolve(initialState(), events[0]!);
  const active = () => {
    if (state.status !== 'active') throw new Error('card not active');
    return state;
  };
  const balance = (points: number, stamps = 0, lifetime = 0) => {
    const c = active();
    return {
      points: c.points + points,
      stamps: c.stamps + stamps,
      lifetimePoints: c.lifetimePoints + lifetime,
    };
  };
  const push = (event: CardEvent) => {
    events.push(event);
    state = evolve(state, event);
    return api;
  };
  const api = {
    earned: (points: number, earnedAt: string, commandId = `earn-${earnedAt}`) =>
      push({
        type: 'PointsEarned',
        data: {
          cardId: 'c1',
          commandId,
          amountGrosze: points * 100,
          pointsPerPln: 1,
          multiplier: 1,
          fixedPoints: null,
          points,
          serviceId: null,
          employeeId: 'emp1',
          balance: balance(points, 0, points),
          earnedAt,
        },
      }),
    stamped: (count: number, addedAt: string) =>
      push({
        type: 'StampsAdded',
        data: {
          cardId: 'c1',
          commandId: `stamp-${addedAt}`,
          count,
          employeeId: 'emp1',
          balance: balance(0, count),
          addedAt,
        },
      }),
    redeemed: (cost: number, redeemedAt: string, unit: 'points' | 'stamps' = 'points') =>
      push({
        type: 'RewardRedeemed',
        data: {
          cardId: 'c1',
          commandId: `redeem-${redeemedAt}`,
          rewardId: 'r1',
          rewardName: 'Kawa',
          cost,
          unit,
          employeeId: 'emp1',
          stockPeriod: null,
          balance: unit === 'points' ? balance(-cost) : balance(0, -cost),
          redeemedAt,
        },
      }),
    adjusted: (delta: number, adjustedAt: string) =>
      push({
        type: 'BalanceAdjusted',
        data: {
          cardId: 'c1',
          commandId: `adjust-${adjustedAt}`,
          unit: 'points',
          delta,
          reason: 'Premia za polecenie znajomego',
          employeeId: 'system:referral',
          correctionOf: null,
          balance: balance(delta, 0, Math.max(delta, -active().lifetimePoints)),
          adjustedAt,
        },
      }),
    opening: (points: number, importedAt: string) =>
      push({
        type: 'OpeningBalanceImported',
        data: {
          cardId: 'c1',
          importId: 'i1',
          points,
          stamps: 0,
          balance: balance(points, 0, points),
          importedAt,
        },
      }),
    voidedAward: (points: number, voidedAt: string, voidedCommandId: string) =>
      push({
        type: 'AwardVoided',
        data: {
          cardId: 'c1',
          points,
          stamps: 0,
          commandId: `void-${voidedAt}`,
          voidedCommandId,
          reason: 'pomyłka',
          employeeId: 'emp1',
          balance: balance(-points, 0, -points),
          voidedAt,
        },
      }),
    push,
    get events() {
      return events;
    },
    get state() {
      return active();
    },
  };
  return api;
}

const decided = (events: CardEvent[], command: ExpireBalance) =>
  decide(command, events.reduce(evolve, initialState()));
const expiredOf = (events: CardEvent[]) => events.find((e) => e.type === 'BalanceExpired')?.data;

describe('expiry: the lots of a card (FIFO)', () => {
  it('every earning is a lot of its Warsaw day; a redemption takes the oldest first, a partial lot keeps the rest', () => {
    const c = card()
      .earned(50, '2025-02-10T10:00:00.000Z')
      .earned(30, '2025-03-10T10:00:00.000Z')
      .earned(20, '2025-03-10T15:00:00.000Z') // the same day: one lot
      .redeemed(60, '2025-04-01T10:00:00.000Z');
    expect(c.state.lots?.points).toEqual([{ on: '2025-03-10', amount: 40 }]);
  });

  it('a positive adjustment (a referral bonus) and an opening balance are lots; a negative adjustment takes the oldest', () => {
    const c = card()
      .opening(100, '2025-01-05T09:00:00.000Z')
      .adjusted(25, '2025-02-01T10:00:00.000Z')
      .adjusted(-110, '2025-03-01T10:00:00.000Z');
    expect(c.state.lots?.points).toEqual([{ on: '2025-02-01', amount: 15 }]);
  });

  it('a voided award takes back the newest lots, not the customer’s old points', () => {
    const c = card()
      .earned(50, '2025-02-10T10:00:00.000Z')
      .earned(30, '2025-03-10T10:00:00.000Z', 'mistake')
      .voidedAward(30, '2025-03-10T10:05:00.000Z', 'mistake');
    expect(c.state.lots?.points).toEqual([{ on: '2025-02-10', amount: 50 }]);
  });

  it('an earning at 23:30 in Warsaw on 31 December is a 31 December lot (22:30 UTC), 00:30 is 1 January', () => {
    const c = card().earned(10, '2025-12-31T22:30:00.000Z').earned(5, '2025-12-31T23:30:00.000Z');
    expect(c.state.lots?.points).toEqual([
      { on: '2025-12-31', amount: 10 },
      { on: '2026-01-01', amount: 5 },
    ]);
  });

  it('across the spring DST change: 23:30 Warsaw on 29 March (summer time) is 21:30 UTC, still 29 March', () => {
    const c = card().earned(10, '2026-03-29T21:30:00.000Z').earned(5, '2026-03-29T22:30:00.000Z');
    expect(c.state.lots?.points).toEqual([
      { on: '2026-03-29', amount: 10 },
      { on: '2026-03-30', amount: 5 },
    ]);
  });
});

describe('expiry: after earning (ExpireBalance)', () => {
  it('given lots of two years, when the sweep runs 12 months after the first, then only that lot expires', () => {
    const c = card().earned(50, '2025-02-10T10:00:00.000Z').earned(30, '2025-06-10T10:00:00.000Z');
    const events = decided(c.events, sweep('2026-02-10'));
    expect(expiredOf(events)).toEqual({
      cardId: 'c1',
      tenantId: 't1',
      programId: 'p1',
      unit: 'points',
      amount: 50,
      mode: 'after_earning',
      months: 12,
      lots: [{ earnedOn: '2025-02-10', amount: 50 }],
      lastVisitOn: null,
      expiredOn: '2026-02-10',
      balance: { points: 30, stamps: 0, lifetimePoints: 80 },
      expiredAt: '2026-02-10T09:00:00.000Z',
    });
  });

  it('the day before the due date nothing expires (the points are whole through that day)', () =>
    spec
      .given(card().earned(50, '2025-02-10T10:00:00.000Z').events)
      .when(sweep('2026-02-09'))
      .then([
        {
          type: 'ExpiryWarningDue',
          data: {
            cardId: 'c1',
            tenantId: 't1',
            programId: 'p1',
            clientId: 'cl1',
            userId: 'u1',
            unit: 'points',
            amount: 50,
            on: '2026-02-10',
            daysBefore: 3,
            dueAt: '2026-02-09T09:00:00.000Z',
          },
        },
      ]));

  it('a partly spent lot expires only its rest (the redemption used the oldest lot first)', () => {
    const c = card()
      .earned(50, '2025-02-10T10:00:00.000Z')
      .earned(30, '2025-06-10T10:00:00.000Z')
      .redeemed(40, '2025-07-01T10:00:00.000Z');
    const expired = expiredOf(decided(c.events, sweep('2026-02-10')));
    expect(expired).toMatchObject({ amount: 10, lots: [{ earnedOn: '2025-02-10', amount: 10 }] });
    expect(expired?.balance.points).toBe(30);
  });

  it('given the sweep ran today, when it runs again the same day, then nothing more expires (idempotent)', () => {
    const c = card().earned(50, '2025-02-10T10:00:00.000Z').earned(30, '2025-06-10T10:00:00.000Z');
    const first = decided(c.events, sweep('2026-02-10'));
    expect(expiredOf(first)?.amount).toBe(50);
    spec
      .given([...c.events, ...first])
      .when(sweep('2026-02-10'))
      .thenNothingHappens();
  });

  it('month-end: a lot of 31 January expires on 28 February (29 in a leap year)', () => {
    const jan31 = card().earned(10, '2027-01-31T10:00:00.000Z');
    const rule: ExpiryRule = { ...AFTER_12, months: 1 };
    expect(expiryNotice(jan31.state, rule)).toEqual({ amount: 10, on: '2027-02-28' });
    expect(decided(jan31.events, sweep('2027-02-27', rule)).some((e) => e.type === 'BalanceExpired')).toBe(
      false,
    );
    expect(expiredOf(decided(jan31.events, sweep('2027-02-28', rule)))?.amount).toBe(10);
    const leap = card().earned(10, '2028-01-31T10:00:00.000Z');
    expect(expiryNotice(leap.state, rule)?.on).toBe('2028-02-29');
  });

  it('29, 30 and 31 January lots (+1 month) all expire on 28 February, together', () => {
    const c = card()
      .earned(1, '2027-01-29T10:00:00.000Z')
      .earned(2, '2027-01-30T10:00:00.000Z')
      .earned(4, '2027-01-31T10:00:00.000Z')
      .earned(8, '2027-02-01T10:00:00.000Z');
    expect(expiryNotice(c.state, { ...AFTER_12, months: 1 })).toEqual({ amount: 7, on: '2027-02-28' });
  });

  it('the year boundary in Warsaw: a lot of 23:30 on 31 December expires a year later on 31 December', () => {
    const c = card().earned(10, '2025-12-31T22:30:00.000Z').earned(5, '2025-12-31T23:30:00.000Z');
    const expired = expiredOf(decided(c.events, sweep('2026-12-31')));
    expect(expired).toMatchObject({ amount: 10, lots: [{ earnedOn: '2025-12-31', amount: 10 }] });
  });

  it('stamps of a stamp program expire likewise', () => {
    const c = card().stamped(3, '2025-02-10T10:00:00.000Z').stamped(2, '2025-09-10T10:00:00.000Z');
    const expired = expiredOf(decided(c.events, sweep('2026-02-10', { ...AFTER_12, unit: 'stamps' })));
    expect(expired).toMatchObject({ unit: 'stamps', amount: 3, balance: { points: 0, stamps: 2 } });
  });

  it('tiers: the lifetime points (and so the level) stay when points expire', () => {
    const c = card().earned(500, '2025-02-10T10:00:00.000Z');
    const events = decided(c.events, sweep('2026-02-10'));
    const after = [...c.events, ...events].reduce(evolve, initialState());
    expect(after).toMatchObject({ points: 0, lifetimePoints: 500 });
  });

  it('when expiry is off, nothing expires and no warning is due', () => {
    const c = card().earned(50, '2024-02-10T10:00:00.000Z');
    spec
      .given(c.events)
      .when(sweep('2026-02-10', { mode: 'off', months: 1, unit: 'points' }))
      .thenNothingHappens();
  });

  it('a closed card expires nothing', () =>
    spec
      .given([
        ...card().earned(50, '2024-02-10T10:00:00.000Z').events,
        {
          type: 'CardClosed',
          data: { cardId: 'c1', reason: 'client_removed', closedAt: '2025-01-01T00:00:00.000Z' },
        },
      ])
      .when(sweep('2026-02-10'))
      .thenNothingHappens());
});

describe('expiry: after inactivity', () => {
  it('the whole balance expires 6 months after the last visit (an award)', () => {
    const c = card().earned(50, '2025-02-10T10:00:00.000Z').earned(30, '2025-03-10T10:00:00.000Z');
    expect(decided(c.events, sweep('2025-09-09', INACTIVE_6)).some((e) => e.type === 'BalanceExpired')).toBe(
      false,
    );
    expect(expiredOf(decided(c.events, sweep('2025-09-10', INACTIVE_6)))).toMatchObject({
      amount: 80,
      mode: 'inactivity',
      lastVisitOn: '2025-03-10',
      lots: [
        { earnedOn: '2025-02-10', amount: 50 },
        { earnedOn: '2025-03-10', amount: 30 },
      ],
      balance: { points: 0 },
    });
  });

  it('a visit resets the clock; a redemption or an adjustment (a referral bonus) does not', () => {
    const c = card()
      .earned(50, '2025-02-10T10:00:00.000Z')
      .redeemed(10, '2025-05-01T10:00:00.000Z')
      .adjusted(20, '2025-06-01T10:00:00.000Z');
    expect(expiryNotice(c.state, INACTIVE_6)).toEqual({ amount: 60, on: '2025-08-10' });
    c.earned(5, '2025-08-01T10:00:00.000Z');
    expect(expiryNotice(c.state, INACTIVE_6)).toEqual({ amount: 65, on: '2026-02-01' });
  });

  it('a card never visited counts from its issue; after an expiry, what is added later counts from that day', () => {
    const c = card('2025-01-05T09:00:00.000Z').opening(40, '2025-01-05T09:00:00.000Z');
    expect(expiryNotice(c.state, INACTIVE_6)?.on).toBe('2025-07-05');
    const expiry = decided(c.events, sweep('2025-07-05', INACTIVE_6));
    for (const e of expiry) c.push(e);
    c.adjusted(10, '2025-08-01T10:00:00.000Z');
    expect(expiryNotice(c.state, INACTIVE_6)).toEqual({ amount: 10, on: '2026-01-05' });
    spec.given(c.events).when(sweep('2025-08-02', INACTIVE_6)).thenNothingHappens();
  });
});

describe('expiry: warnings', () => {
  const c = () => card().earned(50, '2025-02-10T10:00:00.000Z');

  it('none earlier than 30 days before; on the 30th day before, the 30-day warning; once', () => {
    expect(warningDue(c().state, AFTER_12, '2026-01-10')).toBeNull(); // 31 days before
    const first = decided(c().events, sweep('2026-01-11'));
    expect(first).toEqual([expect.objectContaining({ type: 'ExpiryWarningDue' })]);
    expect(first[0]!.data).toMatchObject({ amount: 50, on: '2026-02-10', daysBefore: 30 });
    spec
      .given([...c().events, ...first])
      .when(sweep('2026-01-12'))
      .thenNothingHappens();
  });

  it('then the 3-day warning, once', () => {
    const thirty = decided(c().events, sweep('2026-01-11'));
    const three = decided([...c().events, ...thirty], sweep('2026-02-07'));
    expect(three.map((e) => e.data)).toEqual([expect.objectContaining({ daysBefore: 3, on: '2026-02-10' })]);
    spec
      .given([...c().events, ...thirty, ...three])
      .when(sweep('2026-02-08'))
      .thenNothingHappens();
  });

  it('a sweep that expires one lot warns of the next one in the same decision', () => {
    const two = card().earned(50, '2025-02-10T10:00:00.000Z').earned(30, '2025-02-20T10:00:00.000Z');
    const events = decided(two.events, sweep('2026-02-10'));
    expect(events.map((e) => e.type)).toEqual(['BalanceExpired', 'ExpiryWarningDue']);
    expect(events[1]!.data).toMatchObject({ amount: 30, on: '2026-02-20', daysBefore: 30 });
  });

  it('an expiry switched on 2 days before its date warns once, 3 days before, not 30', () =>
    expect(warningDue(c().state, AFTER_12, '2026-02-08')).toMatchObject({ daysBefore: 3 }));

  it('no warning when nothing is left to expire', () => {
    const spent = card().earned(50, '2025-02-10T10:00:00.000Z').redeemed(50, '2025-03-01T10:00:00.000Z');
    expect(warningDue(spent.state, AFTER_12, '2026-02-08')).toBeNull();
  });
});

describe('expiry: old streams', () => {
  it('a stream recorded before expiry existed replays into exact lots (the events always carried their dates)', () => {
    const old = card().earned(50, '2023-02-10T10:00:00.000Z').earned(30, '2024-06-10T10:00:00.000Z').events;
    const state = old.reduce(evolve, initialState());
    expect(state.status === 'active' && state.lots?.points).toEqual([
      { on: '2023-02-10', amount: 50 },
      { on: '2024-06-10', amount: 30 },
    ]);
  });

  it('a card state without lots counts its balance as one lot of its last award (else its issue)', () => {
    const c = card().earned(50, '2025-02-10T10:00:00.000Z').earned(30, '2025-06-10T10:00:00.000Z');
    const { lots: _none, ...withoutLots } = c.state;
    expect(expiryNotice(withoutLots, AFTER_12)).toEqual({ amount: 80, on: '2026-06-10' });
    const neverVisited = { ...withoutLots, lastAwardAt: null };
    expect(expiryNotice(neverVisited, AFTER_12)).toEqual({ amount: 80, on: '2026-01-05' });
    // and the next event goes on from that lot
    const next = card().earned(10, '2025-07-01T10:00:00.000Z').events[1]!;
    if (next.type !== 'PointsEarned') throw new Error('an award');
    const after = evolve(withoutLots, {
      ...next,
      data: { ...next.data, balance: { ...next.data.balance, points: 90 } },
    });
    expect(after.status === 'active' && after.lots?.points).toEqual([
      { on: '2025-06-10', amount: 80 },
      { on: '2025-07-01', amount: 10 },
    ]);
  });
});

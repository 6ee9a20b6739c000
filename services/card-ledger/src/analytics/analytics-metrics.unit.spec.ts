import { describe, expect, it } from 'vitest';
import type { CardEvent } from '../cards/card';
import { cardIssued } from '../testing/mothers';
import { liabilityGrosze, valuationRewardOf, type ProgramInfo } from './analytics-liability';
import { computeAnalytics, type AnalyticsInput } from './analytics-metrics';
import { npsOf, type NpsAnswer } from './analytics-nps';
import { bucketsOf, granularityOf } from './analytics-scales';
import { applyVisitEvent, warsawDayOf, type CardVisits } from './card-visits';
import { customerSegmentsOf } from '@punkto/contracts/card-visits';
import { CustomerSegment, inSegment } from '@punkto/contracts/customer-segments';

const balance = { points: 0, stamps: 0, lifetimePoints: 0 };

/** a card's stream, written as a story: issued, then awards, redemptions and voids (times in UTC) */
function aCard(id: string, userId: string, issuedAt: string, programId = 'p1') {
  const events: CardEvent[] = [cardIssued({ cardId: id, userId, programId, issuedAt })];
  let points = 0;
  let n = 0;
  const story = {
    earn(at: string, pts: number, commandId = `${id}-${++n}`) {
      points += pts;
      events.push({
        type: 'PointsEarned',
        data: {
          cardId: id,
          commandId,
          amountGrosze: pts * 100,
          pointsPerPln: 1,
          multiplier: 1,
          fixedPoints: null,
          points: pts,
          serviceId: null,
          employeeId: 'e1',
          balance: { ...balance, points },
          earnedAt: at,
        },
      });
      return story;
    },
    redeem(at: string, cost: number, rewardId: string, rewardName: string, commandId = `${id}-${++n}`) {
      points -= cost;
      events.push({
        type: 'RewardRedeemed',
        data: {
          cardId: id,
          commandId,
          rewardId,
          rewardName,
          cost,
          unit: 'points',
          employeeId: 'e1',
          stockPeriod: null,
          balance: { ...balance, points },
          redeemedAt: at,
        },
      });
      return story;
    },
    voidAward(at: string, voidedCommandId: string, pts: number) {
      points -= pts;
      events.push({
        type: 'AwardVoided',
        data: {
          cardId: id,
          points: pts,
          stamps: 0,
          commandId: `${id}-v${++n}`,
          voidedCommandId,
          reason: 'pomyłka',
          employeeId: 'e1',
          balance: { ...balance, points },
          voidedAt: at,
        },
      });
      return story;
    },
    voidRedemption(at: string, voidedCommandId: string, cost: number, rewardId: string) {
      points += cost;
      events.push({
        type: 'RedemptionVoided',
        data: {
          cardId: id,
          rewardId,
          rewardName: 'x',
          cost,
          unit: 'points',
          stockPeriod: null,
          redeemedAt: at,
          commandId: `${id}-v${++n}`,
          voidedCommandId,
          reason: 'pomyłka',
          employeeId: 'e1',
          balance: { ...balance, points },
          voidedAt: at,
        },
      });
      return story;
    },
    /** points expired by the nightly sweep (ADR 0062) */
    expire(at: string, amount: number) {
      points -= amount;
      events.push({
        type: 'BalanceExpired',
        data: {
          cardId: id,
          tenantId: 't1',
          programId,
          unit: 'points',
          amount,
          mode: 'after_earning',
          months: 12,
          lots: [{ earnedOn: '2025-03-02', amount }],
          lastVisitOn: null,
          expiredOn: at.slice(0, 10),
          balance: { ...balance, points },
          expiredAt: at,
        },
      });
      return story;
    },
    close(at: string) {
      events.push({ type: 'CardClosed', data: { cardId: id, reason: 'client_removed', closedAt: at } });
      return story;
    },
    /** a phone-only client's card moved to the account (ADR 0056) */
    linkTo(at: string, to: string) {
      const data = { cardId: id, tenantId: 't1', programId, clientId: `cl-${id}`, userId: to };
      events.push({ type: 'CardHolderLinked', data: { ...data, previousHolder: userId, linkedAt: at } });
      return story;
    },
    build(): CardVisits {
      return events.reduce<CardVisits | null>((s, e) => applyVisitEvent(s, e), null)!;
    },
  };
  return story;
}

const programs: ProgramInfo[] = [
  { programId: 'p1', name: 'Kawa', kind: 'points', cheapestRewardCost: 50, valuation: null },
  { programId: 'p2', name: 'Pieczątki', kind: 'stamps', cheapestRewardCost: null, valuation: null },
];

function analytics(cards: CardVisits[], overrides: Partial<AnalyticsInput> = {}) {
  return computeAnalytics({
    tenantId: 't1',
    preset: 'custom',
    startDate: '2026-03-01',
    endDate: '2026-03-31',
    segment: null,
    programId: null,
    cards,
    answers: [],
    programs,
    ...overrides,
  });
}

describe('Warsaw days', () => {
  it('23:30 UTC on March 1 is already March 2 in Warsaw; summer time shifts by 2 h', () => {
    expect(warsawDayOf('2026-03-01T23:30:00Z')).toBe('2026-03-02');
    expect(warsawDayOf('2026-03-01T22:59:59Z')).toBe('2026-03-01');
    expect(warsawDayOf('2026-07-01T22:00:00Z')).toBe('2026-07-02');
    expect(warsawDayOf('2026-07-01T21:59:00Z')).toBe('2026-07-01');
  });
});

describe('given a café with three customers in March 2026', () => {
  // Anna: first visit in February, back twice in March (one day with an award AND a redemption)
  const anna = aCard('ca', 'anna', '2026-02-01T10:00:00Z')
    .earn('2026-02-10T10:00:00Z', 40)
    .earn('2026-03-03T10:00:00Z', 30)
    .earn('2026-03-10T09:00:00Z', 10)
    .redeem('2026-03-10T09:05:00Z', 50, 'r-kawa', 'Kawa gratis')
    .build();
  // Bartek: new in March, one visit; a second award that day was voided, a second visit voided too
  const bartek = aCard('cb', 'bartek', '2026-03-05T10:00:00Z')
    .earn('2026-03-05T10:00:00Z', 20, 'b1')
    .earn('2026-03-20T10:00:00Z', 15, 'b2')
    .voidAward('2026-03-20T10:10:00Z', 'b2', 15)
    .build();
  // Celina: visits late at night UTC = next day in Warsaw; a redemption later voided
  const celina = aCard('cc', 'celina', '2026-03-01T10:00:00Z')
    .earn('2026-03-30T23:30:00Z', 60, 'c1') // March 31 in Warsaw
    .redeem('2026-03-31T08:00:00Z', 50, 'r-ciastko', 'Ciastko', 'c2')
    .voidRedemption('2026-03-31T08:05:00Z', 'c2', 50, 'r-ciastko')
    .build();

  describe('when asking for March', () => {
    const result = analytics([anna, bartek, celina]);

    it('then 3 active customers, 2 new (first visit in March), 1 returning, 33.33 %', () => {
      expect(result.customers).toEqual({
        active: 3,
        new: 2,
        returning: 1,
        returningRate: 33.33,
        cardsIssued: 2,
      });
    });
    it('then 4 visits: an award and a redemption on one day are one visit, voided entries none', () => {
      expect(result.visits.total).toBe(4);
      expect(result.granularity).toBe('day');
      const byDay = Object.fromEntries(
        result.visits.series.filter((b) => b.visits).map((b) => [b.period, b]),
      );
      expect(byDay).toEqual({
        '2026-03-03': { period: '2026-03-03', visits: 1, customers: 1, newCustomers: 0 },
        '2026-03-05': { period: '2026-03-05', visits: 1, customers: 1, newCustomers: 1 },
        '2026-03-10': { period: '2026-03-10', visits: 1, customers: 1, newCustomers: 0 },
        '2026-03-31': { period: '2026-03-31', visits: 1, customers: 1, newCustomers: 1 },
      });
      expect(result.visits.series).toHaveLength(31);
    });
    it('then the histogram has 2 customers with 1 visit and 1 with 2; median gap of (21, 7) is 14 days', () => {
      expect(result.frequency.histogram.map((b) => b.customers)).toEqual([2, 1, 0, 0, 0, 0]);
      expect(result.frequency.medianDaysBetweenVisits).toBe(14);
    });
    it('then points issued 30 + 10 + 20 + 60 = 120, redeemed 50 (the voided redemption not), 41.67 %', () => {
      expect(result.rewards).toMatchObject({ pointsIssued: 120, pointsRedeemed: 50, redemptionRate: 41.67 });
      expect(result.rewards.popular).toEqual([{ rewardId: 'r-kawa', name: 'Kawa gratis', redemptions: 1 }]);
    });
    it('then the March cohort is Bartek and Celina (Anna joined in February)', () => {
      expect(result.cohorts).toEqual([{ month: '2026-03', customers: 2, retention: [] }]);
    });
    it('then the liability is today’s balances: 30 + 20 + 60 = 110 points; only Celina’s 60 buy a cheapest reward (50)', () => {
      expect(result.liability).toMatchObject({
        outstandingPoints: 110,
        outstandingStamps: 0,
        rewardsClaimable: 1,
        valuePln: null,
        valueGrosze: null,
        unvaluedPrograms: 1,
        expiryForecast: null,
      });
    });
    it('then segments as of March 31: Anna returning (and VIP), Bartek and Celina new', () => {
      expect(Object.fromEntries(result.segments.map((s) => [s.segment, s.customers]))).toEqual({
        new: 2,
        returning: 1,
        at_risk: 0,
        lapsed: 0,
        vip: 1,
      });
    });
  });

  describe('when asking for the returning segment only', () => {
    const result = analytics([anna, bartek, celina], { segment: 'returning' });
    it('then only Anna counts', () => {
      expect(result.customers).toMatchObject({ active: 1, new: 0, returning: 1 });
      expect(result.visits.total).toBe(2);
      expect(result.rewards.pointsIssued).toBe(40);
      expect(result.liability.outstandingPoints).toBe(30); // 40 + 30 + 10 − 50
    });
  });

  describe('when points of a card expired (ADR 0062)', () => {
    const expired = aCard('ce', 'ewa', '2026-03-01T10:00:00Z')
      .earn('2026-03-02T10:00:00Z', 70)
      .expire('2026-03-20T23:10:00Z', 40)
      .build();
    it('then the liability drops by the expired points, and the expiry is no visit', () => {
      const result = analytics([expired]);
      expect(result.liability.outstandingPoints).toBe(30);
      expect(result.visits.total).toBe(1);
    });
  });

  describe('when the card of a customer was closed', () => {
    const closed = aCard('cd', 'darek', '2026-03-01T10:00:00Z')
      .earn('2026-03-02T10:00:00Z', 99)
      .close('2026-03-03T10:00:00Z')
      .build();
    it('then their visit counts but their points are no longer owed', () => {
      const result = analytics([closed]);
      expect(result.customers.active).toBe(1);
      expect(result.liability.outstandingPoints).toBe(0);
    });
  });
});

describe('a customer with cards in two programs', () => {
  const coffee = aCard('c1', 'ola', '2026-01-01T10:00:00Z', 'p1').earn('2026-03-02T10:00:00Z', 5).build();
  const stamps = aCard('c2', 'ola', '2026-01-01T10:00:00Z', 'p2').earn('2026-03-02T12:00:00Z', 1).build();
  it('is one customer with one visit that day; the program filter keeps one card', () => {
    expect(analytics([coffee, stamps]).customers.active).toBe(1);
    expect(analytics([coffee, stamps]).visits.total).toBe(1);
    expect(analytics([coffee, stamps], { programId: 'p2' }).rewards.pointsIssued).toBe(1);
    expect(analytics([coffee, stamps], { programId: 'p1' }).rewards.pointsIssued).toBe(5);
  });
});

describe('a phone-only client’s card moved to the account of a customer with another card (ADR 0056)', () => {
  const coffee = aCard('c1', 'ola', '2026-01-01T10:00:00Z', 'p1').earn('2026-03-02T10:00:00Z', 5);
  const walkIn = () =>
    aCard('c2', 'client:cl-c2', '2026-01-01T10:00:00Z', 'p2').earn('2026-03-09T12:00:00Z', 1);
  it('is two customers before the move and one customer with both visits after it', () => {
    expect(analytics([coffee.build(), walkIn().build()]).customers.active).toBe(2);
    const moved = analytics([coffee.build(), walkIn().linkTo('2026-03-10T09:00:00Z', 'ola').build()]);
    expect(moved.customers.active).toBe(1);
    expect(moved.visits.total).toBe(2);
  });
});

describe('cohort retention over a quarter', () => {
  // January cohort: 4 customers; 2 came back in February, 1 in March. February cohort: 1, back in March.
  const cards = [
    aCard('a', 'a', '2026-01-01T10:00:00Z')
      .earn('2026-01-05T10:00:00Z', 1)
      .earn('2026-02-05T10:00:00Z', 1)
      .earn('2026-03-05T10:00:00Z', 1)
      .build(),
    aCard('b', 'b', '2026-01-01T10:00:00Z')
      .earn('2026-01-06T10:00:00Z', 1)
      .earn('2026-02-06T10:00:00Z', 1)
      .build(),
    aCard('c', 'c', '2026-01-01T10:00:00Z').earn('2026-01-07T10:00:00Z', 1).build(),
    aCard('d', 'd', '2026-01-01T10:00:00Z')
      .earn('2026-01-08T10:00:00Z', 1)
      .earn('2026-01-20T10:00:00Z', 1)
      .build(),
    aCard('e', 'e', '2026-02-01T10:00:00Z')
      .earn('2026-02-09T10:00:00Z', 1)
      .earn('2026-03-09T10:00:00Z', 1)
      .build(),
  ];
  it('gives each month’s share that came back in later months', () => {
    const result = analytics(cards, { startDate: '2026-01-01', endDate: '2026-03-31' });
    expect(result.cohorts).toEqual(
      [
        {
          month: '2026-01',
          customers: 4,
          retention: [
            { offset: 1, customers: 2, percent: 50 },
            { offset: 2, customers: 1, percent: 25 },
          ],
        },
        { month: '2026-02', customers: 1, retention: [{ offset: 1, customers: 1, percent: 100 }] },
        { month: '2026-03', customers: 0, retention: [] },
      ].filter((c) => c.customers > 0),
    );
    expect(result.granularity).toBe('week');
  });
});

describe('NPS on the 1–10 scale', () => {
  it('counts promoters 9–10 and detractors 1–6; 7–8 are passive', () => {
    expect(npsOf([10, 9, 8, 7, 6])).toEqual({ responses: 5, score: 20, promoters: 40, detractors: 20 });
    expect(npsOf([1, 1, 1, 1, 1])).toMatchObject({ score: -100 });
    expect(npsOf([9, 9, 9, 10, 10])).toMatchObject({ score: 100 });
    expect(npsOf([6, 7, 8, 9, 10, 1])).toEqual({
      responses: 6,
      score: 0,
      promoters: 33.33,
      detractors: 33.33,
    });
  });
  it('hides a group below 5 answers', () => {
    expect(npsOf([10, 10, 10, 10])).toEqual({ responses: 4, score: null, promoters: null, detractors: null });
  });
  it('groups answers by the week of the visit, follows the program filter, never the segment', () => {
    const answers: NpsAnswer[] = [
      ...[10, 10, 9, 3, 8].map((score) => ({ programId: 'p1', score, visitWeek: '2026-03-02' })),
      ...[10, 10].map((score) => ({ programId: 'p1', score, visitWeek: '2026-03-09' })),
      { programId: 'p2', score: 1, visitWeek: '2026-03-09' },
      { programId: null, score: 1, visitWeek: '2026-02-16' }, // before the period's first week
    ];
    const march = analytics([], { answers, startDate: '2026-03-01', endDate: '2026-03-15' });
    // March 1 is a Sunday: its week begins on February 23
    expect(march.nps.series.map((s) => [s.period, s.responses, s.score])).toEqual([
      ['2026-02-23', 0, null],
      ['2026-03-02', 5, 40],
      ['2026-03-09', 3, null],
    ]);
    // promoters 10, 10, 9, 10, 10 (5 of 8), detractors 3 and 1 (2 of 8); the 8 is passive
    expect(march.nps.total).toEqual({ responses: 8, score: 37.5, promoters: 62.5, detractors: 25 });
    const p1 = analytics([], { answers, programId: 'p1', startDate: '2026-03-01', endDate: '2026-03-15' });
    expect(p1.nps.total).toMatchObject({ responses: 7, score: 57.14 });
  });
});

describe('buckets', () => {
  it('a day up to 31 days, a week up to 184, then a month', () => {
    expect(granularityOf('2026-03-01', '2026-03-31')).toBe('day');
    expect(granularityOf('2026-03-01', '2026-04-01')).toBe('week');
    expect(granularityOf('2025-11-26', '2026-11-25')).toBe('month');
    expect(bucketsOf('2026-03-01', '2026-03-16', 'week')).toEqual([
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
    ]);
    expect(bucketsOf('2026-01-31', '2026-03-01', 'month')).toEqual(['2026-01', '2026-02', '2026-03']);
  });
});

/** a stamps card: issued, then stamps added (balances as the ledger writes them) */
function aStampCard(id: string, userId: string, programId: string, counts: number[]) {
  const events: CardEvent[] = [
    cardIssued({ cardId: id, userId, programId, issuedAt: '2026-03-01T10:00:00Z' }),
  ];
  let stamps = 0;
  counts.forEach((count, i) => {
    stamps += count;
    events.push({
      type: 'StampsAdded',
      data: {
        cardId: id,
        commandId: `${id}-${i}`,
        count,
        employeeId: 'e1',
        balance: { ...balance, stamps },
        addedAt: `2026-03-0${i + 2}T10:00:00Z`,
      },
    });
  });
  return events.reduce<CardVisits | null>((s, e) => applyVisitEvent(s, e), null)!;
}

const reward = (id: string, cost: number, valueGrosze?: number, active = true) => ({
  id,
  name: id,
  cost,
  active,
  ...(valueGrosze === undefined ? {} : { valueGrosze }),
});

describe('points liability in PLN (ADR 0023, amendment)', () => {
  describe('the rate: the active valued reward with the lowest value per unit', () => {
    it('given no reward with a value, then the program is not valued', () => {
      expect(valuationRewardOf([reward('kawa', 50), reward('ciastko', 30)])).toBeNull();
      expect(valuationRewardOf([])).toBeNull();
    });
    it('given an inactive reward with a value only, then the program is not valued (it cannot be redeemed)', () => {
      expect(valuationRewardOf([reward('kawa', 50, 900, false), reward('ciastko', 30)])).toBeNull();
    });
    it('given several valued rewards, then the lowest value per unit wins, not the cheapest in points', () => {
      // kawa 900 gr / 50 pkt = 18 gr/pkt; obiad 3000 gr / 200 pkt = 15 gr/pkt; ciastko 600 gr / 30 pkt = 20 gr/pkt
      expect(
        valuationRewardOf([reward('kawa', 50, 900), reward('obiad', 200, 3000), reward('ciastko', 30, 600)]),
      ).toEqual({ rewardId: 'obiad', name: 'obiad', cost: 200, valueGrosze: 3000 });
    });
    it('given equal rates, then the reward cheaper in units', () => {
      expect(valuationRewardOf([reward('duża', 100, 2000), reward('mała', 50, 1000)])?.rewardId).toBe('mała');
    });
    it('given a reward valued at 0 zł, then the balance is worth 0 zł (a giveaway costs nothing)', () => {
      expect(valuationRewardOf([reward('kawa', 50, 900), reward('ulotka', 10, 0)])?.rewardId).toBe('ulotka');
    });
  });

  describe('the value of a balance, rounded half up to the grosz', () => {
    const rate = (cost: number, valueGrosze: number) => ({ rewardId: 'r', name: 'r', cost, valueGrosze });
    it('500 gr for 12 pkt: 1 pkt = 41.67 → 42 gr, 3 pkt = 125 gr, 7 pkt = 291.67 → 292 gr', () => {
      expect(liabilityGrosze(1, rate(12, 500))).toBe(42);
      expect(liabilityGrosze(3, rate(12, 500))).toBe(125);
      expect(liabilityGrosze(7, rate(12, 500))).toBe(292);
    });
    it('an exact half goes up: 1 pkt at 1 gr per 2 pkt = 0.5 → 1 gr; 0 units are 0', () => {
      expect(liabilityGrosze(1, rate(2, 1))).toBe(1);
      expect(liabilityGrosze(0, rate(2, 1))).toBe(0);
    });
    it('large balances stay exact (the product passes 2^53)', () => {
      expect(liabilityGrosze(900_000_000, rate(3, 100_000_000))).toBe(30_000_000_000_000_000);
    });
  });

  describe('given a café: a points program valued by its rewards, a stamps program, an unvalued one', () => {
    const valued: ProgramInfo[] = [
      {
        programId: 'p1',
        name: 'Kawa',
        kind: 'points',
        cheapestRewardCost: 50,
        valuation: valuationRewardOf([reward('r-kawa', 50, 900), reward('r-obiad', 200, 3000)]),
      },
      {
        programId: 'p2',
        name: 'Pieczątki',
        kind: 'stamps',
        cheapestRewardCost: 10,
        valuation: valuationRewardOf([reward('r-pizza', 10, 1999)]),
      },
      { programId: 'p3', name: 'Klub', kind: 'tiers', cheapestRewardCost: 100, valuation: null },
    ];
    // Anna: 40 + 30 − 50 (redeemed) = 20 points; Bartek: 20 (the voided 15 not); Celina 60 (redemption voided)
    const anna = aCard('ca', 'anna', '2026-02-01T10:00:00Z')
      .earn('2026-03-03T10:00:00Z', 40)
      .earn('2026-03-04T10:00:00Z', 30)
      .redeem('2026-03-10T09:05:00Z', 50, 'r-kawa', 'Kawa gratis')
      .build();
    const bartek = aCard('cb', 'bartek', '2026-03-05T10:00:00Z')
      .earn('2026-03-05T10:00:00Z', 20, 'b1')
      .earn('2026-03-20T10:00:00Z', 15, 'b2')
      .voidAward('2026-03-20T10:10:00Z', 'b2', 15)
      .build();
    const celina = aCard('cc', 'celina', '2026-03-01T10:00:00Z')
      .earn('2026-03-30T23:30:00Z', 60, 'c1')
      .redeem('2026-03-31T08:00:00Z', 50, 'r-kawa', 'Kawa gratis', 'c2')
      .voidRedemption('2026-03-31T08:05:00Z', 'c2', 50, 'r-kawa')
      .build();
    const ola = aStampCard('cs', 'ola', 'p2', [1, 1, 1]);
    const klub = aCard('ct', 'tomek', '2026-03-01T10:00:00Z', 'p3').earn('2026-03-02T10:00:00Z', 250).build();
    const result = analytics([anna, bartek, celina, ola, klub], { programs: valued });
    const row = (id: string) => result.liability.byProgram.find((p) => p.programId === id)!;

    it('when valuing, then points: 100 pkt × 15 gr (obiad: 30 zł / 200 pkt) = 15,00 zł', () => {
      expect(row('p1')).toMatchObject({
        outstanding: 100,
        unitValueGrosze: 15,
        valuedBy: { rewardId: 'r-obiad', cost: 200, valueGrosze: 3000 },
        valueGrosze: 1500,
      });
    });
    it('when valuing, then stamps: 3 stamps × 19,99 zł / 10 = 5,997 → 6,00 zł', () => {
      expect(row('p2')).toMatchObject({
        unit: 'stamps',
        outstanding: 3,
        unitValueGrosze: 199.9,
        valueGrosze: 600,
      });
    });
    it('when valuing, then the tiers program without a valued reward is listed unvalued, outside the total', () => {
      expect(row('p3')).toMatchObject({
        unit: 'points',
        outstanding: 250,
        valueGrosze: null,
        valuedBy: null,
      });
      expect(result.liability).toMatchObject({ valueGrosze: 2100, valuePln: 21, unvaluedPrograms: 1 });
    });
    it('when a voided redemption gives points back, then the liability grows with the balance', () => {
      // without Celina's voided redemption her card would hold 10, not 60: 50 pkt × 15 gr = 7,50 zł less
      const celinaRedeemed = aCard('cc', 'celina', '2026-03-01T10:00:00Z')
        .earn('2026-03-30T23:30:00Z', 60, 'c1')
        .redeem('2026-03-31T08:00:00Z', 50, 'r-kawa', 'Kawa gratis', 'c2')
        .build();
      const before = analytics([anna, bartek, celinaRedeemed], { programs: valued });
      expect(before.liability.byProgram[0]).toMatchObject({ outstanding: 50, valueGrosze: 750 });
    });
    it('when a program is chosen, then only its liability; a valued program alone has no unvalued ones', () => {
      const p2 = analytics([anna, bartek, celina, ola, klub], { programs: valued, programId: 'p2' });
      expect(p2.liability).toMatchObject({ valueGrosze: 600, valuePln: 6, unvaluedPrograms: 0 });
      const p3 = analytics([anna, bartek, celina, ola, klub], { programs: valued, programId: 'p3' });
      expect(p3.liability).toMatchObject({ valueGrosze: null, valuePln: null, unvaluedPrograms: 1 });
    });
  });
});

describe('company messages to a segment (ADR 0027) and the analytics', () => {
  it('count the same customers in every segment on the same cards', () => {
    // 60 customers, some with two cards, visits spread over half a year, some voided, one closed card
    const cards: CardVisits[] = [];
    for (let i = 0; i < 60; i++) {
      const card = aCard(`k${i}`, `u${i % 45}`, '2026-01-02T10:00:00Z', i % 3 ? 'p1' : 'p2');
      for (let v = 0; v < (i * 7) % 11; v++) {
        const day = 1 + ((i * 13 + v * 17) % 170);
        const at = new Date(Date.UTC(2026, 0, 1) + day * 86_400_000 + 10 * 3_600_000).toISOString();
        card.earn(at, 5, `k${i}-e${v}`);
      }
      if (i % 9 === 0 && (i * 7) % 11 > 0) card.voidAward('2026-06-20T10:00:00Z', `k${i}-e0`, 5);
      if (i === 12) card.close('2026-06-21T10:00:00Z');
      cards.push(card.build());
    }
    const endDate = '2026-06-30';
    const fromAnalytics = analytics(cards, { startDate: '2026-06-01', endDate });
    const members = customerSegmentsOf(cards, endDate);
    for (const segment of CustomerSegment.options) {
      const count = [...members.values()].filter((s) => inSegment(s, segment)).length;
      expect({ segment, count }).toEqual({
        segment,
        count: fromAnalytics.segments.find((s) => s.segment === segment)!.customers,
      });
    }
    expect(fromAnalytics.segments.reduce((n, s) => n + s.customers, 0)).toBeGreaterThan(0);
  });
});

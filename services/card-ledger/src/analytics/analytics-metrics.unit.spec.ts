import { describe, expect, it } from 'vitest';
import type { CardEvent } from '../cards/card';
import { cardIssued } from '../testing/mothers';
import {
  bucketsOf,
  computeAnalytics,
  granularityOf,
  npsOf,
  type AnalyticsInput,
  type NpsAnswer,
  type ProgramInfo,
} from './analytics-metrics';
import { applyVisitEvent, warsawDayOf, type CardVisits } from './card-visits';

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
    close(at: string) {
      events.push({ type: 'CardClosed', data: { cardId: id, reason: 'client_removed', closedAt: at } });
      return story;
    },
    build(): CardVisits {
      return events.reduce<CardVisits | null>((s, e) => applyVisitEvent(s, e), null)!;
    },
  };
  return story;
}

const programs: ProgramInfo[] = [
  { programId: 'p1', name: 'Kawa', kind: 'points', cheapestRewardCost: 50 },
  { programId: 'p2', name: 'Pieczątki', kind: 'stamps', cheapestRewardCost: null },
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

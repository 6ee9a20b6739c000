import type { AnalyticsResponse } from '@punkto/contracts/analytics';
import type { CardHistoryPage } from '@punkto/contracts/cards';
import { Permissions, Roles } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCardLedger, tokenFor, type CardLedgerTestApp } from '../testing/card-ledger-test-app';
import { aReward } from '../testing/mothers';

// GET /api/v1/analytics/{tenantId} on the real app and embedded adapters: awards, a redemption and a void made
// over HTTP, projected by the analytics projector, answered with the numbers worked out by hand below
let t: CardLedgerTestApp;
let c: Awaited<ReturnType<typeof seed>>;

async function seed() {
  const tenantId = `t-${randomUUID()}`;
  const owner = await tokenFor(randomUUID(), Roles.owner, { tid: tenantId });
  t.setNow('2026-02-01T09:00:00Z');
  const coffee = await t.defineProgram({
    tenantId,
    name: 'Kawowe punkty',
    rewards: [aReward({ cost: 100 })],
  });
  const cakes = await t.defineProgram({
    tenantId,
    name: 'Ciastka',
    rewards: [aReward({ id: 'r-cake', cost: 50 })],
  });
  const anna = await t.enrol(coffee);
  const bartek = await t.enrol(coffee);
  const celina = await t.enrol(cakes);
  const award = async (at: string, cardId: string, amountGrosze: number) => {
    t.setNow(at);
    const r = await t.call('POST', `/api/v1/cards/${cardId}/points-from-amount`, owner, {
      body: { amountGrosze },
    });
    expect(r.statusCode, r.body).toBe(200);
  };
  await award('2026-02-10T10:00:00Z', anna.cardId, 15_000); // Anna's first visit, in February: 150 points
  await award('2026-03-03T10:00:00Z', anna.cardId, 5_000); // back in March: 50
  t.advance(10);
  const redeemed = await t.call('POST', `/api/v1/cards/${anna.cardId}/redeem-reward`, owner, {
    body: { rewardId: 'r-coffee' },
  });
  expect(redeemed.statusCode, redeemed.body).toBe(200); // 100 points, the same visit
  await award('2026-03-05T10:00:00Z', bartek.cardId, 8_000); // a mistake…
  const history = (
    await t.call('GET', `/api/v1/cards/${bartek.cardId}/history`, owner)
  ).json() as CardHistoryPage;
  t.advance(60);
  const voided = await t.call('POST', `/api/v1/cards/${bartek.cardId}/void`, owner, {
    body: { activityId: history.items[0]!.id, reason: 'Pomyłka w kwocie' },
  });
  expect(voided.statusCode, voided.body).toBe(200); // …voided: no visit on March 5
  await award('2026-03-06T22:30:00Z', bartek.cardId, 3_000); // 23:30 in Warsaw: March 6
  await award('2026-03-07T10:00:00Z', celina.cardId, 2_000);
  t.setNow('2026-03-10T12:00:00Z');
  return { tenantId, owner, coffee, cakes };
}

const get = (token: string, tenantId: string, query = '') =>
  t.call('GET', `/api/v1/analytics/${tenantId}${query}`, token);
const analytics = async (query = '') => {
  const r = await get(c.owner, c.tenantId, query);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as AnalyticsResponse;
};
/** the projector runs in the background: wait until it has caught up with every card event */
const projected = () =>
  vi.waitFor(
    async () => {
      if ((await analytics('?preset=this_month')).visits.total !== 3) throw new Error('not projected yet');
    },
    { timeout: 10_000, interval: 50 },
  );

beforeAll(async () => {
  t = await startCardLedger();
  c = await seed();
  await projected();
});
afterAll(async () => {
  await t?.close();
});

describe('given three customers, a redemption and a voided award', () => {
  it('this month: 3 active, 2 new, 1 returning; 100 points issued and 100 redeemed', async () => {
    const a = await analytics('?preset=this_month');
    expect([a.startDate, a.endDate, a.granularity]).toEqual(['2026-03-01', '2026-03-10', 'day']);
    expect(a.customers).toEqual({ active: 3, new: 2, returning: 1, returningRate: 33.33, cardsIssued: 0 });
    expect(a.visits.series.filter((b) => b.visits).map((b) => b.period)).toEqual([
      '2026-03-03',
      '2026-03-06',
      '2026-03-07',
    ]);
    expect(a.rewards).toMatchObject({
      pointsIssued: 100,
      pointsRedeemed: 100,
      redemptionRate: 100,
      popular: [{ rewardId: 'r-coffee', name: 'Kawa gratis', redemptions: 1 }],
    });
    expect(a.frequency.medianDaysBetweenVisits).toBe(21);
    // today's balances: Anna 100, Bartek 30 (coffee, cheapest reward 100), Celina 20 (cakes, 50)
    expect(a.liability).toMatchObject({ outstandingPoints: 150, rewardsClaimable: 1, valuePln: null });
  });

  it('the program filter keeps the coffee program’s customers only', async () => {
    const a = await analytics(`?preset=this_month&loyaltyProgramId=${c.coffee.programId}`);
    expect(a.customers).toMatchObject({ active: 2, new: 1, returning: 1 });
    expect(a.rewards.pointsIssued).toBe(80);
  });

  it('7 days (March 4–10) leave Anna’s March 3 visit out; 12 months include February', async () => {
    const week = await analytics('?preset=7d');
    expect([week.startDate, week.customers.active, week.visits.total, week.rewards.pointsIssued]).toEqual([
      '2026-03-04',
      2,
      2,
      50,
    ]);
    const year = await analytics('?preset=12m');
    expect([year.startDate, year.granularity, year.visits.total, year.rewards.pointsIssued]).toEqual([
      '2025-03-11',
      'month',
      4,
      250,
    ]);
    expect(year.cohorts.map((x) => [x.month, x.customers, x.retention.map((r) => r.customers)])).toEqual([
      ['2026-02', 1, [1]],
      ['2026-03', 2, []],
    ]);
  });

  it('segments as of the last day; the new segment alone', async () => {
    const a = await analytics('?preset=this_month&customerSegment=new');
    expect(Object.fromEntries(a.segments.map((s) => [s.segment, s.customers]))).toMatchObject({
      new: 2,
      returning: 1,
    });
    expect(a.customers).toMatchObject({ active: 2, new: 2, returning: 0 });
  });

  it('an anonymous NPS answer on the bus counts in NPS over time, shown from 5 answers', async () => {
    const answer = (score: number, visitWeek = '2026-03-02') =>
      t.deliver(Topics.surveySurveys, 'SurveyResponseRecorded', {
        responseId: randomUUID(),
        tenantId: c.tenantId,
        programId: c.coffee.programId,
        score,
        visitWeek,
      });
    for (const score of [10, 10, 9, 2]) await answer(score);
    let a = await analytics('?preset=this_month');
    expect(a.nps.total).toEqual({ responses: 4, score: null, promoters: null, detractors: null });
    const fifth = await answer(7);
    await t.deliver(Topics.surveySurveys, 'SurveyResponseRecorded', {}, fifth); // a redelivery: skipped
    a = await analytics('?preset=this_month');
    expect(a.nps.total).toEqual({ responses: 5, score: 40, promoters: 60, detractors: 20 });
    expect(a.nps.series.find((s) => s.period === '2026-03-02')).toMatchObject({ responses: 5, score: 40 });
    expect(
      (await analytics(`?preset=this_month&loyaltyProgramId=${c.cakes.programId}`)).nps.total.responses,
    ).toBe(0);
  });

  it('a rebuild from the log gives the same answer', async () => {
    const before = await analytics('?preset=12m');
    const docs = t.infra.documents.collection<{ _id: string }>('analytics_cards');
    for (const doc of await docs.find({ tenantId: c.tenantId })) await docs.delete(doc._id);
    expect((await analytics('?preset=12m')).visits.total).toBe(0);
    const rebuilt = await t.analytics.projection.rebuild();
    expect(rebuilt.events).toBeGreaterThanOrEqual(10);
    expect(await analytics('?preset=12m')).toEqual(before);
  });
});

describe('bad queries and access', () => {
  it('an end before the start, a range too long, a custom range without dates: 400 with the field', async () => {
    for (const [query, field, message] of [
      [
        '?startDate=2026-03-10&endDate=2026-03-01',
        'endDate',
        'Data końcowa nie może być wcześniejsza niż początkowa.',
      ],
      ['?startDate=2023-01-01&endDate=2026-03-01', 'endDate', 'Zakres dat może obejmować najwyżej 731 dni.'],
      [
        '?preset=custom&startDate=2026-03-01',
        'endDate',
        'Dla własnego zakresu podaj datę początkową i końcową.',
      ],
      ['?startDate=1-1-2026&endDate=2026-03-01', 'startDate', 'Podaj datę w formacie RRRR-MM-DD.'],
      ['?preset=yesterday', 'preset', null],
    ] as const) {
      const r = await get(c.owner, c.tenantId, query);
      expect(r.statusCode, query).toBe(400);
      const body = r.json() as { errors: Record<string, string[]> };
      expect(Object.keys(body.errors), query).toContain(`query.${field}`);
      if (message) expect(body.errors[`query.${field}`]).toContain(message);
    }
  });

  it('an employee without analytics.view: 403; with it: 200; another company’s owner: 403; no token: 401', async () => {
    const without = await tokenFor(randomUUID(), Roles.employee, {
      tid: c.tenantId,
      perms: [Permissions.cardsAward],
    });
    const withIt = await tokenFor(randomUUID(), Roles.employee, {
      tid: c.tenantId,
      perms: [Permissions.analyticsView],
    });
    const stranger = await tokenFor(randomUUID(), Roles.owner, { tid: `t-${randomUUID()}` });
    expect((await get(without, c.tenantId)).statusCode).toBe(403);
    expect((await get(withIt, c.tenantId)).statusCode).toBe(200);
    expect((await get(stranger, c.tenantId)).statusCode).toBe(403);
    expect((await get(await tokenFor(randomUUID(), Roles.customer), c.tenantId)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/v1/analytics/${c.tenantId}`, null)).statusCode).toBe(401);
  });
});

describe('points liability in PLN once the rewards state what they cost the business', () => {
  it('the coffee program redefined with valued rewards: 130 points × 8 gr (the lowest per point) = 10,40 zł; cakes unvalued', async () => {
    await t.defineProgram({
      ...c.coffee,
      version: c.coffee.version + 1,
      rewards: [
        aReward({ cost: 100, valueGrosze: 850 }), // 8,5 gr per point
        aReward({ id: 'r-cup', name: 'Kubek', cost: 300, valueGrosze: 2400 }), // 8 gr per point
      ],
    });
    const valued = await vi.waitFor(
      async () => {
        const a = await analytics('?preset=this_month');
        if (a.liability.valuePln === null) throw new Error('the new definition is not read yet');
        return a;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(valued.liability).toMatchObject({
      outstandingPoints: 150,
      valuePln: 10.4,
      valueGrosze: 1040,
      unvaluedPrograms: 1,
      expiryForecast: null,
    });
    expect(valued.liability.byProgram).toEqual([
      expect.objectContaining({
        programId: c.coffee.programId,
        outstanding: 130,
        unitValueGrosze: 8,
        valuedBy: { rewardId: 'r-cup', name: 'Kubek', cost: 300, valueGrosze: 2400 },
        valueGrosze: 1040,
      }),
      expect.objectContaining({ programId: c.cakes.programId, outstanding: 20, valueGrosze: null }),
    ]);
    // the program filter keeps the valued program only: nothing left unvalued
    const coffee = await analytics(`?preset=this_month&loyaltyProgramId=${c.coffee.programId}`);
    expect(coffee.liability).toMatchObject({ valuePln: 10.4, unvaluedPrograms: 0 });
  });
});

import type { AnalyticsResponse } from '@punkto/contracts/analytics';
import { Topics } from '@punkto/contracts/topics';
import { SqliteMessageBus } from '@punkto/platform/bus/sqlite-message-bus';
import { eventMessage } from '@punkto/platform/testing/bus-message';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  eventually,
  ownerWithProgram,
  uniqueEmail,
  type OwnerWithProgram,
} from '../../scripts/testing/actors';

// The analytics API through the gateway of the started product (issue 18): awards, a redemption and a void made
// through the API; anonymous NPS answers published on the bus as the survey service publishes them; the
// numbers, presets, the program filter and the spec's 400 as a browser would get them.
let owner: OwnerWithProgram;
let cakesId: string;

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());
const monday = () => {
  const date = new Date(`${today()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
};

async function analytics(query: string): Promise<AnalyticsResponse> {
  const res = await owner.client.call('GET', `/api/v1/analytics/${owner.tenantId}?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as AnalyticsResponse;
}

async function cardOf(programId: string): Promise<string> {
  const email = uniqueEmail('klient');
  const created = await owner.client.call('POST', `/api/v1/tenants/${owner.tenantId}/create-client`, {
    email,
    name: 'Jan Klient',
    programId,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  return eventually(`the card of ${email}`, async () => {
    const res = await owner.client.call('GET', `/api/v1/cards/search?email=${encodeURIComponent(email)}`);
    const found = (await res.json()) as Array<{ cardId: string }> | { items?: Array<{ cardId: string }> };
    return (Array.isArray(found) ? found : (found.items ?? []))[0]?.cardId;
  });
}

const command = async (path: string, body: object) => {
  const res = await owner.client.call('POST', path, body, { 'idempotency-key': crypto.randomUUID() });
  expect(res.status, await res.clone().text()).toBe(200);
};

beforeAll(async () => {
  owner = await ownerWithProgram({ rewards: [{ name: 'Kawa gratis', description: '', cost: 100 }] });
  const cakes = await owner.client.call('POST', `/api/v1/tenants/${owner.tenantId}/loyalty-programs`, {
    kind: 'points',
    name: 'Ciastka',
    pointsPerPln: 1,
  });
  expect(cakes.status).toBe(201);
  cakesId = ((await cakes.json()) as { id: string }).id;
  const programs = (await (
    await owner.client.call('GET', `/api/v1/tenants/${owner.tenantId}/loyalty-programs`)
  ).json()) as { items: Array<{ id: string; rewards: Array<{ id: string }> }> };
  const rewardId = programs.items.find((p) => p.id === owner.program.id)!.rewards[0]!.id;

  const a = await cardOf(owner.program.id);
  const b = await cardOf(owner.program.id);
  const c = await cardOf(cakesId);
  await command(`/api/v1/cards/${a}/points-from-amount`, { amountGrosze: 12_000 });
  await command(`/api/v1/cards/${a}/redeem-reward`, { rewardId });
  await command(`/api/v1/cards/${b}/points-from-amount`, { amountGrosze: 9_900 });
  const history = (await (await owner.client.call('GET', `/api/v1/cards/${b}/history`)).json()) as {
    items: Array<{ id: string; type: string }>;
  };
  await command(`/api/v1/cards/${b}/void`, {
    activityId: history.items.find((e) => e.type === 'points_earned')!.id,
    reason: 'Pomyłka w kwocie',
  });
  await command(`/api/v1/cards/${c}/points-from-amount`, { amountGrosze: 3_000 });
  await eventually('the analytics projector to catch up', async () => {
    const a = await analytics('preset=30d');
    return a.rewards.pointsIssued === 150 && a.rewards.pointsRedeemed === 100 ? true : undefined;
  });
});

describe('GET /api/v1/analytics/{tenantId} through the gateway', () => {
  it('answers the seeded numbers: the voided award is no visit', async () => {
    const a = await analytics('preset=30d');
    expect(a.customers).toMatchObject({ active: 2, new: 2, returning: 0, cardsIssued: 3 });
    expect(a.visits.total).toBe(2);
    expect(a.rewards).toMatchObject({ pointsIssued: 150, pointsRedeemed: 100, redemptionRate: 66.67 });
    expect(a.rewards.popular).toEqual([expect.objectContaining({ name: 'Kawa gratis', redemptions: 1 })]);
    expect(a.customersWithoutVisit).toBe(1);
    expect(a.liability).toMatchObject({ outstandingPoints: 50, valuePln: null, expiryForecast: null });
  });

  it('follows the presets and the program filter', async () => {
    expect((await analytics('preset=7d')).visits.total).toBe(2);
    expect((await analytics('preset=this_month')).endDate).toBe(today());
    const coffee = await analytics(`preset=90d&loyaltyProgramId=${owner.program.id}`);
    expect([coffee.customers.active, coffee.rewards.pointsIssued]).toEqual([1, 120]);
    const past = await analytics('startDate=2025-01-01&endDate=2025-01-31');
    expect([past.preset, past.visits.total, past.granularity]).toEqual(['custom', 0, 'day']);
  });

  it('counts anonymous NPS answers published on the bus, from 5 answers', async () => {
    const bus = SqliteMessageBus.open(join(inject('dataDir'), 'bus.db'));
    try {
      const week = monday();
      for (const score of [10, 9, 9, 7, 3]) {
        const message = eventMessage(Topics.surveySurveys, 'SurveyResponseRecorded', {
          responseId: crypto.randomUUID(),
          tenantId: owner.tenantId,
          programId: owner.program.id,
          score,
          visitWeek: week,
        });
        await bus.publish(Topics.surveySurveys, [{ key: message.key, value: message.value }]);
      }
    } finally {
      await bus.close();
    }
    const nps = await eventually('the answers to be counted', async () => {
      const a = await analytics('preset=7d');
      return a.nps.total.responses === 5 ? a.nps : undefined;
    });
    expect(nps.total).toEqual({ responses: 5, score: 40, promoters: 60, detractors: 20 });
    expect((await analytics(`preset=7d&loyaltyProgramId=${cakesId}`)).nps.total.responses).toBe(0);
  });

  it('refuses a bad period with the spec’s 400 and a clear Polish message', async () => {
    const res = await owner.client.call(
      'GET',
      `/api/v1/analytics/${owner.tenantId}?startDate=2026-03-10&endDate=2026-03-01`,
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      code: string;
      localizedMessage: string;
      errors: Record<string, string[]>;
    };
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.errors['query.endDate']).toEqual(['Data końcowa nie może być wcześniejsza niż początkowa.']);
  });

  it('values the points in PLN once a reward states its cost to the business (tenant → bus → card ledger)', async () => {
    const url = `/api/v1/tenants/${owner.tenantId}/loyalty-programs`;
    const program = (
      (await (await owner.client.call('GET', url)).json()) as {
        items: Array<{
          id: string;
          name: string;
          pointsPerPln: number;
          rewards: Array<Record<string, unknown>>;
        }>;
      }
    ).items.find((p) => p.id === owner.program.id)!;
    const body = (valueGrosze: unknown) => ({
      kind: 'points',
      name: program.name,
      pointsPerPln: program.pointsPerPln,
      rewards: program.rewards.map((r) => ({ id: r['id'], name: r['name'], cost: r['cost'], valueGrosze })),
    });
    const bad = await owner.client.call('PUT', `${url}/${program.id}`, body(12.345));
    expect(bad.status).toBe(400);
    expect(
      ((await bad.json()) as { errors: Record<string, string[]> }).errors['rewards.0.valueGrosze'],
    ).toEqual(['Koszt nagrody dla firmy podaj w pełnych groszach (najwyżej 2 miejsca po przecinku).']);
    const saved = await owner.client.call('PUT', `${url}/${program.id}`, body(1000)); // 10 zł for 100 points
    expect(saved.status, await saved.clone().text()).toBe(200);

    // 20 points left on the coffee card × 10 gr = 2,00 zł; the cakes program has no reward, so no value
    const liability = await eventually('the card ledger to value the coffee program', async () => {
      const a = await analytics('preset=30d');
      return a.liability.valueGrosze === null ? undefined : a.liability;
    });
    expect(liability).toMatchObject({
      valuePln: 2,
      valueGrosze: 200,
      unvaluedPrograms: 1,
      expiryForecast: null,
    });
    expect(liability.byProgram.find((p) => p.programId === owner.program.id)).toMatchObject({
      outstanding: 20,
      unitValueGrosze: 10,
      valueGrosze: 200,
    });
    expect(liability.byProgram.find((p) => p.programId === cakesId)).toMatchObject({
      outstanding: 30,
      valueGrosze: null,
    });
  });
});

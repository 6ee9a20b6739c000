/**
 * Benchmark: GET /api/v1/analytics/{tenantId} for a tenant with 500 customers and two years of visits (about
 * 50,000 card events: awards, redemptions, voids), through the card ledger's real HTTP handler (`app.inject`:
 * auth, zod, the per-card summaries read by the tenant index, every figure computed). Baseline in the same run,
 * doing the same work: the same summaries read by hand-written SQL and the same `computeAnalytics`, without the
 * adapter and HTTP. For scale, labelled as other work: a SQL aggregate over the raw events (active customers,
 * visits, points issued and redeemed in the period, voids excluded), what a query without the projection would do.
 * Also the projection's rebuild from the log (ADR 0023). Returns the Markdown section.
 */
import { analyticsRange, type AnalyticsQuery, type AnalyticsResponse } from '@punkto/contracts/analytics';
import type { ProgramDefinedData } from '@punkto/contracts/integration-events';
import { Roles } from '@punkto/contracts/permissions';
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { NewEvent } from '../../services/platform/src/event-store/event-store.port';
import {
  valuationRewardOf,
  type ProgramInfo,
} from '../../services/card-ledger/src/analytics/analytics-liability';
import { computeAnalytics } from '../../services/card-ledger/src/analytics/analytics-metrics';
import type { NpsAnswer } from '../../services/card-ledger/src/analytics/analytics-nps';
import { mondayOf } from '../../services/card-ledger/src/analytics/analytics-scales';
import { ANALYTICS_PROJECTOR } from '../../services/card-ledger/src/analytics/analytics.projection';
import type { CardVisits } from '../../services/card-ledger/src/analytics/card-visits';
import { toCardStreamId } from '../../services/card-ledger/src/cards/card';
import { startCardLedger, tokenFor } from '../../services/card-ledger/src/testing/card-ledger-test-app';
import { aReward } from '../../services/card-ledger/src/testing/mothers';
import { fmt, percentile, timed } from './stats';

const CUSTOMERS = Number(process.env.BENCH_ANALYTICS_CUSTOMERS ?? 500);
const SAMPLES = Number(process.env.BENCH_ANALYTICS_SAMPLES ?? 200);
const START = Date.parse('2024-11-26T08:00:00.000Z');
const DAYS = 730;
const NOW = new Date(START + DAYS * 86_400_000).toISOString();

/** one card's stream: issued, then 10–169 visits spread over the two years, every 10th with a redemption, every 25th award voided */
function cardStream(i: number, tenantId: string, programId: string): { cardId: string; events: NewEvent[] } {
  const cardId = randomUUID();
  const visits = 10 + ((i * 37) % 160);
  const issuedDay = (i * 13) % 200;
  const events: NewEvent[] = [
    {
      type: 'CardIssued',
      data: {
        cardId,
        tenantId,
        programId,
        clientId: randomUUID(),
        userId: randomUUID(),
        humanReadableId: String(1_000_000_000 + i),
        secretVersion: 1,
        tier: null,
        issuedAt: new Date(START + issuedDay * 86_400_000).toISOString(),
      },
    },
  ];
  let points = 0;
  let lifetime = 0;
  const span = DAYS - issuedDay;
  for (let v = 0; v < visits; v++) {
    const at =
      START +
      (issuedDay + Math.floor(((v + 0.5) * span) / visits)) * 86_400_000 +
      ((i * 7 + v) % 10) * 3_600_000;
    const earned = 5 + ((i + v) % 40);
    points += earned;
    lifetime += earned;
    const commandId = `${cardId}-${v}`;
    const balance = () => ({ points, stamps: 0, lifetimePoints: lifetime });
    events.push({
      type: 'PointsEarned',
      data: {
        cardId,
        commandId,
        amountGrosze: earned * 100,
        pointsPerPln: 1,
        multiplier: 1,
        fixedPoints: null,
        points: earned,
        serviceId: null,
        employeeId: 'e1',
        balance: balance(),
        earnedAt: new Date(at).toISOString(),
      },
    });
    if (v % 25 === 24) {
      points -= earned;
      lifetime -= earned;
      events.push({
        type: 'AwardVoided',
        data: {
          cardId,
          points: earned,
          stamps: 0,
          commandId: `${commandId}-void`,
          voidedCommandId: commandId,
          reason: 'Pomyłka',
          employeeId: 'e1',
          balance: balance(),
          voidedAt: new Date(at + 60_000).toISOString(),
        },
      });
    } else if (v % 10 === 9 && points >= 100) {
      points -= 100;
      events.push({
        type: 'RewardRedeemed',
        data: {
          cardId,
          commandId: `${commandId}-r`,
          rewardId: 'r-coffee',
          rewardName: 'Kawa gratis',
          cost: 100,
          unit: 'points',
          employeeId: 'e1',
          stockPeriod: null,
          balance: balance(),
          redeemedAt: new Date(at + 120_000).toISOString(),
        },
      });
    }
  }
  return { cardId, events };
}

/** The baseline: active customers, visits, points issued and redeemed in [from, to] straight from the events. */
const BASELINE_SQL = `
WITH cards AS (
  SELECT stream_id, json_extract(data, '$.userId') AS user FROM events
  WHERE type = 'CardIssued' AND json_extract(data, '$.tenantId') = @tenantId
),
voided AS (
  SELECT stream_id, json_extract(data, '$.voidedCommandId') AS command FROM events
  WHERE type IN ('AwardVoided', 'RedemptionVoided') AND stream_id IN (SELECT stream_id FROM cards)
),
entries AS (
  SELECT e.stream_id, c.user, json_extract(e.data, '$.commandId') AS command, e.type,
    date(coalesce(json_extract(e.data, '$.earnedAt'), json_extract(e.data, '$.redeemedAt')), '+1 hour') AS day,
    coalesce(json_extract(e.data, '$.points'), 0) AS earned,
    CASE WHEN e.type = 'RewardRedeemed' THEN json_extract(e.data, '$.cost') ELSE 0 END AS spent
  FROM events e JOIN cards c ON c.stream_id = e.stream_id
  WHERE e.type IN ('PointsEarned', 'StampsAdded', 'RewardRedeemed')
)
SELECT count(DISTINCT user) AS active, count(DISTINCT user || day) AS visits,
  sum(CASE WHEN type = 'RewardRedeemed' THEN 0 ELSE earned END) AS issued, sum(spent) AS redeemed
FROM entries
WHERE day BETWEEN @from AND @to
  AND NOT EXISTS (SELECT 1 FROM voided v WHERE v.stream_id = entries.stream_id AND v.command = entries.command)`;

/**
 * The like-for-like baseline: the handler's own work without the document store adapter and without HTTP — the
 * same per-card summaries, NPS answers and program copies read by hand-written SQL from the same file (by the same
 * tenant index), parsed, and every figure computed by the same pure `computeAnalytics`.
 */
function sameWorkBySql(db: Database.Database, tenantId: string, today: string) {
  const rows = (sql: string) => db.prepare<unknown[], { _id: string; doc: string }>(sql);
  const cards = rows(`SELECT _id, doc FROM "analytics_cards" WHERE json_extract(doc, '$.tenantId') = ?`);
  const answers = rows(
    `SELECT _id, doc FROM "analytics_nps" WHERE json_extract(doc, '$.tenantId') = ?
       AND json_extract(doc, '$.visitWeek') >= ? AND json_extract(doc, '$.visitWeek') <= ?`,
  );
  const programs = rows(`SELECT _id, doc FROM "programs" WHERE json_extract(doc, '$.tenantId') = ?`);
  const programInfo = (row: { _id: string; doc: string }): ProgramInfo[] => {
    const copy = JSON.parse(row.doc) as { data: ProgramDefinedData | null };
    if (!copy.data) return [];
    const costs = copy.data.rewards.filter((r) => r.active).map((r) => r.cost);
    return [
      {
        programId: row._id,
        name: copy.data.name,
        kind: copy.data.kind,
        cheapestRewardCost: costs.length ? Math.min(...costs) : null,
        valuation: valuationRewardOf(copy.data.rewards),
      },
    ];
  };
  return (query: AnalyticsQuery): AnalyticsResponse => {
    const range = analyticsRange(query, today);
    return computeAnalytics({
      tenantId,
      ...range,
      segment: null,
      programId: null,
      cards: cards.all(tenantId).map((row) => JSON.parse(row.doc) as CardVisits),
      answers: answers
        .all(tenantId, mondayOf(range.startDate), range.endDate)
        .map((row) => JSON.parse(row.doc) as NpsAnswer),
      programs: programs.all(tenantId).flatMap(programInfo),
    });
  };
}

export async function analyticsBench(): Promise<string[]> {
  const t = await startCardLedger();
  const lines: string[] = [];
  try {
    const tenantId = randomUUID();
    const program = await t.defineProgram({
      tenantId,
      name: 'Kawa za punkty',
      rewards: [aReward({ cost: 100 })],
    });
    let events = 0;
    for (let i = 0; i < CUSTOMERS; i++) {
      const { cardId, events: stream } = cardStream(i, tenantId, program.programId);
      await t.infra.eventStore.appendToStream(toCardStreamId(cardId), stream, {
        expectedRevision: 'no_stream',
      });
      events += stream.length;
    }
    t.setNow(NOW);
    // a token minted again each minute: the kit's tokens live 5 minutes, and a loaded machine takes longer
    const ownerId = randomUUID();
    let token = { value: '', at: 0 };
    const freshToken = async () => {
      if (Date.now() - token.at > 60_000)
        token = { value: await tokenFor(ownerId, Roles.owner, { tid: tenantId }), at: Date.now() };
      return token.value;
    };
    const get = async (query: string) => {
      const res = await t.call('GET', `/api/v1/analytics/${tenantId}?${query}`, await freshToken());
      if (res.statusCode !== 200) throw new Error(`analytics: ${res.statusCode} ${res.body}`);
      return res.json() as {
        customers: { active: number };
        visits: { total: number };
        rewards: { pointsIssued: number; pointsRedeemed: number };
      };
    };
    // both live projectors (the cards' and the analytics') catch up in the background: wait for them, so the
    // rebuild and the queries below are measured alone
    const caughtUpStarted = performance.now();
    const head = await t.infra.eventStore.headPosition();
    let catchUpMs = 0;
    for (;;) {
      const [analytics, cards] = await Promise.all([
        t.infra.checkpoints.load(ANALYTICS_PROJECTOR),
        t.infra.checkpoints.load('card-ledger-projections'),
      ]);
      if (analytics === head && !catchUpMs) catchUpMs = performance.now() - caughtUpStarted;
      if (analytics === head && cards === head) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const cardsProjectorMs = performance.now() - caughtUpStarted;

    const rebuilds: number[] = [];
    let rebuilt = { events: 0, cards: 0 };
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      rebuilt = await t.analytics.projection.rebuild();
      rebuilds.push(performance.now() - started);
    }
    const rebuildMs = percentile(
      [...rebuilds].sort((a, b) => a - b),
      50,
    );

    const sample = async (query: string) => {
      const { result, ...stats } = await timed(() => get(query), SAMPLES, 10);
      return { ...stats, result };
    };
    const year = await sample('preset=12m');
    const month = await sample('preset=30d');
    const twoYears = await sample(
      `startDate=${NOW.slice(0, 10).replace(/^\d{4}/, (y) => String(Number(y) - 2))}&endDate=${NOW.slice(0, 10)}`,
    );
    // p95 of the 12-month query (timed gives p50/p99/max; take p95 from a second run of the raw times)
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now();
      await get('preset=12m');
      times.push(performance.now() - started);
    }
    const p95 = percentile(
      times.sort((a, b) => a - b),
      95,
    );

    const db = new Database(join(t.config.DATA_DIR, 'card-ledger', 'events.db'), { readonly: true });
    const bySql = sameWorkBySql(db, tenantId, NOW.slice(0, 10));
    const sameWork: number[] = [];
    let sameWorkResult = bySql({ preset: '12m' });
    for (let i = 0; i < SAMPLES + 10; i++) {
      const started = performance.now();
      sameWorkResult = bySql({ preset: '12m' });
      if (i >= 10) sameWork.push(performance.now() - started);
    }
    sameWork.sort((a, b) => a - b);
    if (JSON.stringify(sameWorkResult) !== JSON.stringify(year.result))
      throw new Error('the SQL baseline over the summaries computed other figures than the handler');
    const statement = db.prepare(BASELINE_SQL);
    const from =
      (await get('preset=12m')) && new Date(Date.parse(NOW) - 364 * 86_400_000).toISOString().slice(0, 10);
    const baselineTimes: number[] = [];
    let baselineRow: Record<string, number> = {};
    for (let i = 0; i < Math.min(SAMPLES, 30) + 3; i++) {
      const started = performance.now();
      baselineRow = statement.get({ tenantId, from, to: NOW.slice(0, 10) }) as Record<string, number>;
      if (i >= 3) baselineTimes.push(performance.now() - started);
    }
    db.close();
    baselineTimes.sort((a, b) => a - b);
    const base = {
      p50: percentile(baselineTimes, 50),
      p95: percentile(baselineTimes, 95),
      max: baselineTimes.at(-1)!,
    };

    lines.push(
      `## Analytics: ${CUSTOMERS} customers, two years, ${events.toLocaleString('en-US')} card events (SQLite adapter, through HTTP)`,
    );
    lines.push('');
    lines.push(
      `GET /api/v1/analytics/{tenantId} as the panel asks for it, ${SAMPLES} sequential requests per row after 10 warm-ups, through the card ledger's handler (\`app.inject\`: auth, validation, one \`find\` by tenant of the per-card summaries, the NPS answers and the programs, every figure of the page computed). Baseline in the same run, doing the same work: the same per-card summaries, NPS answers and program copies read with hand-written SQL from the same file by the same tenant index, parsed, and every figure computed by the same pure \`computeAnalytics\` (so the gap is the document store adapter and the HTTP handler; its answer is checked equal to the handler's). For scale only, a query without the projection: a hand-written SQL aggregate over the events in the event store (active customers, visits, points issued and redeemed in the last 12 months, voided entries excluded — four of the page's figures, with a fixed +1 h for the Warsaw day) — other work than the handler's, which reads summaries kept by the projector.`,
    );
    lines.push('');
    lines.push('| read | p50 ms | p95 ms | p99 ms | max ms |');
    lines.push('|---|---:|---:|---:|---:|');
    lines.push(
      `| analytics, 12 months (every figure) | ${fmt(year.p50)} | ${fmt(p95)} | ${fmt(year.p99)} | ${fmt(year.max)} |`,
    );
    lines.push(`| analytics, 30 days | ${fmt(month.p50)} | — | ${fmt(month.p99)} | ${fmt(month.max)} |`);
    lines.push(
      `| analytics, two years (custom) | ${fmt(twoYears.p50)} | — | ${fmt(twoYears.p99)} | ${fmt(twoYears.max)} |`,
    );
    lines.push(
      `| baseline, the same work: hand-written SQL reads of the same summaries + \`computeAnalytics\`, 12 months (${sameWork.length} runs, no adapter, no HTTP) | ${fmt(percentile(sameWork, 50))} | ${fmt(percentile(sameWork, 95))} | ${fmt(percentile(sameWork, 99))} | ${fmt(sameWork.at(-1)!)} |`,
    );
    lines.push(
      `| without the projection (other work): SQL aggregate over the events, 12 months (${baselineTimes.length} runs) | ${fmt(base.p50)} | ${fmt(base.p95)} | — | ${fmt(base.max)} |`,
    );
    lines.push('');
    lines.push(
      `- Same answer: the handler counted ${year.result.customers.active} active customers, ${year.result.visits.total.toLocaleString('en-US')} visits, ${year.result.rewards.pointsIssued.toLocaleString('en-US')} points issued and ${year.result.rewards.pointsRedeemed.toLocaleString('en-US')} redeemed in 12 months; the SQL ${baselineRow['active']}, ${Number(baselineRow['visits']).toLocaleString('en-US')}, ${Number(baselineRow['issued']).toLocaleString('en-US')} and ${Number(baselineRow['redeemed']).toLocaleString('en-US')}.`,
    );
    lines.push(
      `- Projection rebuild from the log (every \`card-*\` event read in order, folded per card in memory, one write per card): ${rebuilt.events.toLocaleString('en-US')} events into ${rebuilt.cards} summaries in ${fmt(rebuildMs, 0)} ms (median of 3) = ${Math.round((rebuilt.events / rebuildMs) * 1000).toLocaleString('en-US')} events/s. The live analytics projector (one revision-checked read and write per event, beside the cards projector) reached the head ${fmt(catchUpMs / 1000, 1)} s after the last append, the cards projector ${fmt(cardsProjectorMs / 1000, 1)} s; the rebuild and the queries ran after both.`,
    );
    lines.push('');
  } finally {
    await t.close();
  }
  return lines;
}

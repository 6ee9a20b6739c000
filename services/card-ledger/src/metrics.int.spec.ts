import { startMetricsServer, type MetricsServer } from '@punkto/platform/observability/metrics-server';
import { parsePrometheusText, type Exposition } from '@punkto/platform/testing/prometheus-text';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCardLedger, tokensFor, type CardLedgerTestApp } from './testing/card-ledger-test-app';

// the card ledger's real app with its process metrics wired as bootService wires them, scraped over HTTP
// from the metrics listener (ADR 0019) and read with a strict exposition-format reader
let t: CardLedgerTestApp;
let server: MetricsServer;
beforeAll(async () => {
  t = await startCardLedger({}, { metrics: { processMetrics: true } });
  server = await startMetricsServer(t.metrics, { host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await server?.close();
  await t?.close();
});

const metricsUrl = (path = '/metrics') => `http://127.0.0.1:${server.port}${path}`;
async function scrape(): Promise<Exposition> {
  const response = await fetch(metricsUrl());
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await response.text());
}

const AWARD_ROUTE = '/api/v1/cards/:id/points-from-amount';

describe('the card ledger /metrics under an award load', () => {
  it('parses as Prometheus text and its HTTP, event-store and business series move with awards', async () => {
    const tenantId = `t-${randomUUID()}`;
    const { owner } = await tokensFor(tenantId);
    const program = await t.defineProgram({ tenantId });
    const client = await t.enrol(program);
    const before = await scrape();

    for (const amountGrosze of [4000, 7000, 1000]) {
      t.advance(3); // past the scan cooldown
      const res = await t.call('POST', `/api/v1/cards/${client.cardId}/points-from-amount`, owner, {
        body: { amountGrosze },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    t.advance(3);
    const redeemed = await t.call('POST', `/api/v1/cards/${client.cardId}/redeem-reward`, owner, {
      body: { rewardId: 'r-coffee' },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect((await t.call('GET', '/api/v1/no-such-route', owner)).statusCode).toBe(404);
    const after = await scrape();

    const moved = (name: string, labels: Record<string, string> = {}) =>
      after.sum(name, labels) - before.sum(name, labels);
    const awardRequests = { method: 'POST', route: AWARD_ROUTE, status_class: '2xx' };
    expect(moved('punkto_http_requests_total', awardRequests)).toBe(3);
    expect(moved('punkto_http_request_duration_seconds_count', awardRequests)).toBe(3);
    expect(moved('punkto_http_requests_total', { route: 'unmatched', status_class: '4xx' })).toBe(1);
    expect(
      moved('punkto_event_store_append_duration_seconds_count', { outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(4);
    expect(moved('punkto_events_appended_total', { type: 'PointsEarned' })).toBe(3);
    expect(moved('punkto_business_events_total', { fact: 'award', kind: 'points' })).toBe(3);
    expect(moved('punkto_business_events_total', { fact: 'redemption' })).toBe(1);

    // series are labelled by route pattern, never by a URL holding ids; every one names the service
    expect(after.samples.some((s) => Object.values(s.labels).some((v) => v.includes(client.cardId)))).toBe(
      false,
    );
    expect(after.samples.every((s) => s.labels.service === 'card-ledger')).toBe(true);
    expect(after.sum('punkto_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('serves nothing but /metrics on its listener', async () => {
    expect((await fetch(metricsUrl('/api/v1/cards'))).status).toBe(404);
    expect((await fetch(metricsUrl('/metrics'), { method: 'POST' })).status).toBe(404);
  });
});

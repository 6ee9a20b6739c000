import { createLogger } from '@punkto/platform/observability/logger';
import { startSentryReceiver, type SentryReceiver } from '@punkto/platform/testing/sentry-receiver';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from './app';
import { GatewayEnv } from './config';
import { ERROR_TUNNEL_PATH, parseDsn } from './error-reporting';
import { MaintenanceSwitch } from './maintenance';

// ADR 0024: the SPA learns its error-reporting DSN from the gateway only after consent, and its SDK sends
// envelopes to the gateway's tunnel, which forwards those addressed to the configured project — and nothing
// else — to the Sentry-protocol receiver (a local one, started here).

const logger = createLogger('gateway-test', 'silent');
let receiver: SentryReceiver;
const gateways: FastifyInstance[] = [];

async function gateway(env: Record<string, string>): Promise<string> {
  const config = GatewayEnv.parse({ WEB_DIST_DIR: '', RATE_LIMIT_PER_MINUTE: '10000', ...env });
  const app = await buildGateway({ config, logger, maintenance: new MaintenanceSwitch(false) });
  gateways.push(app);
  return app.listen({ port: 0, host: '127.0.0.1' });
}

const envelope = (dsn: string, message: string) =>
  [
    JSON.stringify({ event_id: 'a'.repeat(32), dsn, sent_at: new Date().toISOString() }),
    JSON.stringify({ type: 'event' }),
    JSON.stringify({ event_id: 'a'.repeat(32), message, tags: { role: 'owner', tenantId: 't-1' } }),
  ].join('\n');

beforeAll(async () => {
  receiver = await startSentryReceiver();
});
afterAll(async () => {
  for (const g of gateways) await g.close();
  await receiver.close();
});

describe('error reporting through the gateway', () => {
  let url: string;
  beforeAll(async () => {
    url = await gateway({
      ERROR_REPORTING_BROWSER_DSN: receiver.dsn,
      ERROR_REPORTING_ENVIRONMENT: 'staging',
    });
  });

  it('hands the SPA its DSN and the tunnel, never cached', async () => {
    const response = await fetch(`${url}/api/v1/monitoring/error-reporting`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      dsn: receiver.dsn,
      environment: 'staging',
      tunnel: ERROR_TUNNEL_PATH,
    });
  });

  it('forwards an envelope for its project to the receiver, as the browser SDK sends it', async () => {
    const response = await fetch(`${url}${ERROR_TUNNEL_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: envelope(receiver.dsn, 'kliknięcie nie zadziałało'),
    });
    expect(response.status).toBe(200);
    const event = await receiver.waitForEvent((e) => e['message'] === 'kliknięcie nie zadziałało');
    expect(event['tags']).toEqual({ role: 'owner', tenantId: 't-1' });
  });

  it('refuses envelopes for any other project (no open relay), bodies that are no envelope, and too large ones', async () => {
    const before = receiver.envelopes.length;
    const other = await fetch(`${url}${ERROR_TUNNEL_PATH}`, {
      method: 'POST',
      body: envelope('https://key@o1.ingest.sentry.io/42', 'x'),
    });
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ code: 'BAD_REQUEST', status: 400 });
    const junk = await fetch(`${url}${ERROR_TUNNEL_PATH}`, { method: 'POST', body: 'hello' });
    expect(junk.status).toBe(400);
    const huge = await fetch(`${url}${ERROR_TUNNEL_PATH}`, {
      method: 'POST',
      body: envelope(receiver.dsn, 'x'.repeat(1_100_000)),
    });
    expect(huge.status).toBe(413);
    expect(receiver.envelopes).toHaveLength(before);
  });

  it('answers 502 in the spec shape when the receiver is down', async () => {
    const down = await startSentryReceiver();
    const dsn = down.dsn;
    await down.close();
    const gatewayUrl = await gateway({ ERROR_REPORTING_BROWSER_DSN: dsn });
    const response = await fetch(`${gatewayUrl}${ERROR_TUNNEL_PATH}`, {
      method: 'POST',
      body: envelope(dsn, 'x'),
    });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
  });
});

describe('without a browser DSN (the default)', () => {
  it('tells the SPA reporting is off, and the tunnel forwards nothing', async () => {
    const url = await gateway({});
    expect(await (await fetch(`${url}/api/v1/monitoring/error-reporting`)).json()).toMatchObject({
      dsn: null,
    });
    const response = await fetch(`${url}${ERROR_TUNNEL_PATH}`, {
      method: 'POST',
      body: envelope(receiver.dsn, 'x'),
    });
    expect(response.status).toBe(404);
  });
});

describe('parseDsn', () => {
  it.each([
    ['https://abc@o1.ingest.sentry.io/42', 'https://o1.ingest.sentry.io/api/42/envelope/', 'abc', '42'],
    [
      'https://abc@glitchtip.example.pl/sentry/7',
      'https://glitchtip.example.pl/sentry/api/7/envelope/',
      'abc',
      '7',
    ],
    ['http://k@127.0.0.1:9000/1', 'http://127.0.0.1:9000/api/1/envelope/', 'k', '1'],
  ])('%s', (dsn, envelopeUrl, publicKey, projectId) => {
    expect(parseDsn(dsn)).toEqual({ dsn, envelopeUrl, publicKey, projectId });
  });
});

import { buildStandalone } from '@punkto/platform/runtime/service-server';
import { IDEMPOTENCY_KEY_HEADER } from '@punkto/contracts/cards';
import { Topics } from '@punkto/contracts/topics';
import { ACCESS_COOKIE } from '@punkto/platform/http/auth-plugin';
import { createLogger } from '@punkto/platform/observability/logger';
import { initTracing, shutdownTracing, tracer } from '@punkto/platform/observability/tracing';
import { startEventRelay, type EventRelay } from '@punkto/platform/relay/event-relay';
import { openInfrastructure, type Infrastructure } from '@punkto/platform/runtime/infrastructure';
import { startConsumer } from '@punkto/platform/runtime/run-service';
import { systemClock } from '@punkto/platform/runtime/service-server';
import type { Consumer } from '@punkto/platform/bus/message-bus.port';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet } from 'jose';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../../gateway/src/app';
import { GatewayEnv } from '../../gateway/src/config';
import { MaintenanceSwitch } from '../../gateway/src/maintenance';
import * as cardLedger from '../../services/card-ledger/src/app';
import {
  startCardLedger,
  tokensFor,
  type CardLedgerTestApp,
} from '../../services/card-ledger/src/testing/card-ledger-test-app';
import * as notification from '../../services/notification/src/app';
import { NotificationEnv } from '../../services/notification/src/config';

/** A span as OTLP/HTTP JSON carries it (ids in hex, kind as the OTLP enum number). */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: { stringValue?: string; intValue?: string | number } }>;
}
const Kind = { internal: 1, server: 2, client: 3, producer: 4, consumer: 5 } as const;
const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};

/**
 * A local OTLP/HTTP receiver, what a collector listens on at :4318: POST /v1/traces with the JSON
 * encoding the exporter sends (ExportTraceServiceRequest), answered with an empty success.
 */
function startReceiver() {
  const requests: Array<{ contentType?: string; body: unknown }> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      requests.push({
        contentType: request.headers['content-type'],
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const spans = () =>
    requests.flatMap(({ body }) =>
      (
        body as {
          resourceSpans: Array<{
            resource: { attributes: OtlpSpan['attributes'] };
            scopeSpans: Array<{ spans: OtlpSpan[] }>;
          }>;
        }
      ).resourceSpans.flatMap((r) =>
        r.scopeSpans.flatMap((s) =>
          s.spans.map((span) => ({
            ...span,
            service: r.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue,
          })),
        ),
      ),
    );
  return {
    requests,
    spans,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * One award, traced end to end and exported over OTLP/HTTP: the gateway (its request and its proxied
 * call), the card ledger (its request, the append, the relay's publication) and the notification service's
 * passes consumer, all in one trace, each span the child of the one before (ADR 0020). The services run in
 * this process as `npm start` runs them on the embedded adapters (one DATA_DIR, so one SQLite bus), with the
 * process's tracing started as bootService starts it with TRACING_EXPORTER=otlp.
 */
describe('traces exported over OTLP/HTTP', () => {
  const receiver = startReceiver();
  const dataDir = mkdtempSync(join(tmpdir(), 'punkto-otlp-'));
  const logger = createLogger('test', 'silent');
  const running: Array<Consumer | EventRelay> = [];
  let provider: ReturnType<typeof initTracing>;
  let ledger: CardLedgerTestApp;
  let notificationInfra: Infrastructure;
  let notificationApp: FastifyInstance;
  let gateway: FastifyInstance;
  let gatewayUrl: string;
  const savedEndpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;

  beforeAll(async () => {
    const collector = await receiver.listen();
    // what an operator sets; the exporter reads the variable itself, the configuration validates it
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = collector;
    const gatewayEnv = {
      TRACING_EXPORTER: 'otlp',
      OTEL_EXPORTER_OTLP_ENDPOINT: collector,
      WEB_DIST_DIR: '',
      RATE_LIMIT_PER_MINUTE: '1000',
      DEV_MAILBOX: 'false',
      LOG_LEVEL: 'silent',
    };
    const tracingConfig = GatewayEnv.parse(gatewayEnv);
    provider = initTracing('punkto-otlp-test', tracingConfig.TRACING_EXPORTER, {
      sampleRatio: tracingConfig.TRACING_SAMPLE_RATIO,
    });

    ledger = await startCardLedger({}, { dataDir });
    // the card ledger's relay, as runService starts it: its log → cardledger.cards.v1
    running.push(
      startEventRelay({
        eventStore: ledger.infra.eventStore,
        bus: ledger.infra.bus,
        checkpoints: ledger.infra.checkpoints,
        routes: cardLedger.relayRoutes,
        logger: { info: () => {}, error: () => {} },
      }),
    );
    // the notification service in the same DATA_DIR: its passes consumer reads the card ledger's topic
    const notificationConfig = NotificationEnv.parse({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    notificationInfra = await openInfrastructure('notification', notificationConfig, logger);
    const built = await buildStandalone('notification', notification.buildService, {
      config: notificationConfig,
      logger,
      infra: notificationInfra,
      jwks: createLocalJWKSet({ keys: [] }),
      clock: systemClock,
    });
    notificationApp = built.app;
    for (const spec of built.consumers ?? []) running.push(await startConsumer(notificationInfra.bus, spec));

    gateway = await buildGateway({
      config: GatewayEnv.parse({
        ...gatewayEnv,
        CARD_LEDGER_URL: await ledger.app.listen({ port: 0, host: '127.0.0.1' }),
      }),
      logger,
      maintenance: new MaintenanceSwitch(false, undefined, 60_000),
    });
    gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await gateway?.close();
    for (const r of running.reverse()) await r.stop();
    await notificationApp?.close();
    await notificationInfra?.close();
    await ledger?.close();
    await shutdownTracing();
    await receiver.close();
    if (savedEndpoint === undefined) delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    else process.env.OTEL_EXPORTER_OTLP_ENDPOINT = savedEndpoint;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('one award: gateway → card ledger → append → relay → notification consumer, one trace', async () => {
    const tenantId = `t-${randomUUID()}`;
    const { owner } = await tokensFor(tenantId);
    const card = await ledger.enrol(await ledger.defineProgram({ tenantId }));

    const response = await fetch(`${gatewayUrl}/api/v1/cards/${card.cardId}/points-from-amount`, {
      method: 'POST',
      headers: {
        cookie: `${ACCESS_COOKIE}=${owner}`,
        origin: gatewayUrl,
        'content-type': 'application/json',
        [IDEMPOTENCY_KEY_HEADER]: randomUUID(),
      },
      body: JSON.stringify({ amountGrosze: 2500 }),
    });
    expect(response.status).toBe(200);
    const traceId = response.headers.get('x-trace-id')!;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);

    // the consumer's span ends after the relay published; batches leave on flush (or every 5 s)
    const inTrace = () => receiver.spans().filter((s) => s.traceId === traceId);
    await expect
      .poll(
        async () => {
          await provider.forceFlush();
          // both consumers of the cards topic in the notification service (passes, messages)
          return new Set(inTrace().flatMap((s) => (s.kind === Kind.consumer ? [s.name + s.spanId] : [])))
            .size;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBeGreaterThanOrEqual(2);

    expect(receiver.requests.every((r) => r.contentType === 'application/json')).toBe(true);
    const spans = inTrace();
    const one = (predicate: (s: OtlpSpan) => boolean, what: string) => {
      const found = spans.filter(predicate);
      expect(found, what).toHaveLength(1);
      return found[0]!;
    };
    const gatewayRequest = one((s) => s.kind === Kind.server && !s.parentSpanId, 'the gateway request');
    const proxied = one((s) => s.kind === Kind.client, 'the proxied call');
    const ledgerRequest = one(
      (s) => s.kind === Kind.server && s.parentSpanId === proxied.spanId,
      'the card ledger request',
    );
    const append = one((s) => s.name === 'append card', 'the append');
    const send = one((s) => s.kind === Kind.producer, 'the relay publication');
    const processed = spans.filter((s) => s.kind === Kind.consumer);

    expect(gatewayRequest.name).toBe('POST /api/v1/*');
    expect(proxied).toMatchObject({ name: 'POST', parentSpanId: gatewayRequest.spanId });
    expect(attribute(proxied, 'punkto.upstream')).toBe('card-ledger');
    expect(ledgerRequest.name).toBe('POST /api/v1/cards/:id/points-from-amount');
    expect(append.parentSpanId).toBe(ledgerRequest.spanId);
    expect(attribute(append, 'punkto.event.types')).toBe('PointsEarned');
    expect(send).toMatchObject({ name: `send ${Topics.cardLedgerCards}`, parentSpanId: append.spanId });
    expect(attribute(send, 'messaging.destination.name')).toBe(Topics.cardLedgerCards);
    expect(attribute(send, 'messaging.system')).toBe('sqlite');
    // every delivery attempt of the notification service's consumers of the cards topic (the passes and the
    // messages' copy of the visits) is a `process` span under the publication
    const groups = processed.map((span) => attribute(span, 'messaging.consumer.group.name'));
    expect(new Set(groups)).toEqual(new Set(['notification.passes', 'notification.message-cards']));
    for (const span of processed) {
      expect(span).toMatchObject({ name: `process ${Topics.cardLedgerCards}`, parentSpanId: send.spanId });
      expect(attribute(span, 'messaging.system')).toBe('sqlite');
      expect(attribute(span, 'messaging.message.id')).toBe(attribute(send, 'messaging.message.id'));
    }
  });

  it('spans still queued when the process stops are exported by the shutdown', async () => {
    const probe = tracer().startSpan('shutdown-probe');
    const { traceId } = probe.spanContext();
    probe.end();
    // no flush: the batch processor would wait up to 5 s; the graceful stop's shutdownTracing sends it now
    await shutdownTracing();
    expect(receiver.spans().some((s) => s.traceId === traceId && s.name === 'shutdown-probe')).toBe(true);
  });

  it('a collector that does not answer holds the stop no longer than the flush deadline', async () => {
    // accepts the connection and never answers (a hung collector); the exporter alone would wait 10 s
    let exports = 0;
    const hung = http.createServer(() => exports++);
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(hung.address() as AddressInfo).port}`;
    try {
      const stuck = initTracing('punkto-otlp-hung', 'otlp');
      stuck.getTracer('punkto').startSpan('never-delivered').end();
      const started = Date.now();
      await shutdownTracing(300);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(exports).toBe(1); // the flush was attempted, and given up
    } finally {
      hung.closeAllConnections();
      await new Promise<void>((resolve) => hung.close(() => resolve()));
    }
  });
});

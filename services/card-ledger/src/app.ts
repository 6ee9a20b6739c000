import { Topics } from '@punkto/contracts/topics';
import { csrfPlugin } from '@punkto/platform/http/csrf-plugin';
import type { RelayRoute } from '@punkto/platform/relay/event-relay';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import { createServiceServer, type ServiceDeps } from '@punkto/platform/runtime/service-server';
import type { JobHandler } from '@punkto/platform/scheduler/scheduler.port';
import type { FastifyInstance } from 'fastify';
import { CARD_STREAM_PREFIX } from './cards/card';
import { cardRoutes } from './cards/card.routes';
import { createCardService, type CardService } from './cards/card.service';
import type { CardLedgerConfig } from './config';
import { customerRoutes } from './customers/customer.routes';
import { tenantEventsConsumer } from './tenants/tenant-events.consumer';

/**
 * Card-ledger service: event-sourced cards, points, stamps, tiers, redemptions, customer portal reads, analytics.
 */
export type CardLedgerDeps = ServiceDeps<CardLedgerConfig> & {
  /** injected clock (tests move time forward); default: the system clock */
  clock?: () => Date;
};

/** Streams this service owns and the topics their events are published to. */
export const relayRoutes: RelayRoute[] = [
  { streamPrefix: CARD_STREAM_PREFIX, topic: Topics.cardLedgerCards },
];

export const MAINTENANCE_JOB = 'card-ledger.maintenance';
const MAINTENANCE_EVERY_MS = 10 * 60_000;

/** One card service per process (the HTTP app, the consumers and the jobs share its per-card lock). */
const services = new WeakMap<object, Promise<CardService>>();
export function cardService(deps: CardLedgerDeps): Promise<CardService> {
  let service = services.get(deps.infra);
  if (!service) {
    service = createCardService({
      eventStore: deps.infra.eventStore,
      documents: deps.infra.documents,
      checkpoints: deps.infra.checkpoints,
      config: deps.config,
      logger: deps.logger,
      clock: deps.clock ?? (() => new Date()),
    });
    services.set(deps.infra, service);
  }
  return service;
}

export async function buildApp(deps: CardLedgerDeps): Promise<FastifyInstance> {
  const app = await createServiceServer('card-ledger', deps);
  await app.register(csrfPlugin, { allowedOrigins: deps.config.CSRF_ALLOWED_ORIGINS });
  const service = await cardService(deps);
  cardRoutes(app, service);
  customerRoutes(app, service, { heartbeatMs: deps.config.SSE_HEARTBEAT_MS });
  app.addHook('onClose', async () => service.close());
  await deps.infra.scheduler.schedule({
    id: MAINTENANCE_JOB,
    type: MAINTENANCE_JOB,
    runAt: new Date(Date.now() + 60_000),
    payload: null,
  });
  return app;
}

/** Bus consumers: the tenant's programs, services, clients and tenants (tenant-events.consumer.ts). */
export function consumers(deps: CardLedgerDeps): ConsumerSpec[] {
  return [tenantEventsConsumer(() => cardService(deps), deps.logger)];
}

/** Every 10 minutes: expired Idempotency-Keys out, stock reservations left by a crash settled. */
export function jobs(deps: CardLedgerDeps): Record<string, JobHandler> {
  return {
    [MAINTENANCE_JOB]: async () => {
      const result = await (await cardService(deps)).maintenance();
      deps.logger.info(result, 'card-ledger maintenance done');
      await deps.infra.scheduler.schedule({
        id: MAINTENANCE_JOB,
        type: MAINTENANCE_JOB,
        runAt: new Date(Date.now() + MAINTENANCE_EVERY_MS),
        payload: null,
      });
    },
  };
}

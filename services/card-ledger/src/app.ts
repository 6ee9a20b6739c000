import { Topics } from '@punkto/contracts/topics';
import type { RelayRoute } from '@punkto/platform/relay/event-relay';
import { createServiceServer, type ServiceDeps } from '@punkto/platform/runtime/service-server';
import type { FastifyInstance } from 'fastify';
import type { CardLedgerConfig } from './config';

/**
 * Card-ledger service: event-sourced cards, points, stamps, tiers, redemptions, customer portal reads, analytics.
 */
export type CardLedgerDeps = ServiceDeps<CardLedgerConfig>;

/** Streams this service owns and the topics their events are published to. */
export const relayRoutes: RelayRoute[] = [{ streamPrefix: 'card-', topic: Topics.cardLedgerCards }];

export async function buildApp(deps: CardLedgerDeps): Promise<FastifyInstance> {
  const app = await createServiceServer('card-ledger', deps);
  return app;
}

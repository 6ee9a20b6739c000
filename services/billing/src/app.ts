import { Topics } from '@punkto/contracts/topics';
import type { RelayRoute } from '@punkto/platform/relay/event-relay';
import {
  createServiceServer,
  type BuiltService,
  type ServiceDeps,
} from '@punkto/platform/runtime/service-server';
import type { BillingConfig } from './config';

/**
 * Billing service: plans, trial, subscriptions, payments, payment methods, invoices, entitlements.
 */
export type BillingDeps = ServiceDeps<BillingConfig>;

/** Streams this service owns and the topics their events are published to. */
export const relayRoutes: RelayRoute[] = [
  { streamPrefix: 'subscription-', topic: Topics.billingSubscriptions },
];

export async function buildService(deps: BillingDeps): Promise<BuiltService> {
  return { app: await createServiceServer('billing', deps) };
}

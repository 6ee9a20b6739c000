import { BillingErrors } from '@punkto/contracts/billing';
import {
  SubscriptionEntitlementCarrier,
  type SubscriptionEntitlement,
} from '@punkto/contracts/integration-events';
import { Topics } from '@punkto/contracts/topics';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { mutateDocument, UNCHANGED } from '@punkto/platform/documents/mutate-document';
import { PermissionDeniedError } from '@punkto/platform/errors/errors';
import { eventConsumer, payloadParser, type ConsumerContext } from '@punkto/platform/runtime/event-consumer';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * A lapsed (or cancelled) subscription makes the panel read-only (ADR 0025): billing's entitlement events
 * (billing.subscriptions.v1, `writable`) are copied into `tenant_entitlements`, and every state-changing call
 * under /api/v1/tenants/{id}/… of a tenant that is not writable answers 403 SUBSCRIPTION.LAPSED with a Polish
 * message pointing at the payment page. Not refused, so that customers are never punished: a customer
 * joining a program (`join`), staff adding a customer at the counter (`create-client`, `add-client`), and the
 * configuration check (`validate-tenant`, a read). Deleting the company stays possible. Reads are untouched.
 * Paying again publishes a writable entitlement and everything is restored.
 */
type EntitlementDoc = {
  _id: string;
  writable: boolean;
  customerLimit?: number;
  /** the subscription's status (`trialing` …): the invitation e-mail cap is lower in the trial (ADR 0040) */
  status?: SubscriptionEntitlement['status'];
  at: string;
};

const TENANT_WRITE = /^\/api\/v1\/tenants\/([^/?]+)\/([^/?]+)/;
const ALWAYS_ALLOWED = new Set(['join', 'create-client', 'add-client', 'validate-tenant']);
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export class SubscriptionLapsedError extends PermissionDeniedError {
  constructor() {
    super(BillingErrors.lapsed.message, BillingErrors.lapsed.code);
  }
}

export function subscriptionLapse(documents: DocumentStore) {
  const entitlements = documents.collection<EntitlementDoc>('tenant_entitlements');

  return {
    async isWritable(tenantId: string) {
      return (await entitlements.get(tenantId))?.writable ?? true;
    },

    /** the plan's limit on active customers, or null while billing has not published for the tenant */
    async customerLimitFor(tenantId: string): Promise<number | null> {
      return (await entitlements.get(tenantId))?.customerLimit ?? null;
    },

    /**
     * whether the company is in its trial: billing says `trialing`, or has not published for it yet (a new
     * company starts with the trial); a company paid for once is not, even lapsed
     */
    async isTrial(tenantId: string): Promise<boolean> {
      const status = (await entitlements.get(tenantId))?.status;
      return status === undefined || status === 'trialing';
    },

    /** the onRequest guard of the tenant service's routes */
    guard(app: FastifyInstance) {
      app.addHook('onRequest', async (request) => {
        if (!UNSAFE.has(request.method)) return;
        const match = TENANT_WRITE.exec(request.url);
        if (!match || ALWAYS_ALLOWED.has(match[2]!)) return;
        const doc = await entitlements.get(decodeURIComponent(match[1]!));
        if (doc && !doc.writable) throw new SubscriptionLapsedError();
      });
    },

    consumer(context: ConsumerContext): ConsumerSpec {
      return eventConsumer({
        groupId: 'tenant.billing-events',
        topics: [Topics.billingSubscriptions],
        schema: z.object({ id: z.string(), type: z.string(), data: z.unknown() }),
        ...context,
        handle: async (envelope) => {
          const event = payloadParser(context.logger, envelope)(SubscriptionEntitlementCarrier);
          if (!event) return;
          await mutateDocument(entitlements, event.tenantId, (current) =>
            current && current.at > event.at
              ? UNCHANGED
              : {
                  _id: event.tenantId,
                  writable: event.entitlement.writable,
                  customerLimit: event.entitlement.customerLimit,
                  status: event.entitlement.status,
                  at: event.at,
                },
          );
        },
      });
    },
  };
}

import { warsawFormat } from '@punkto/contracts/warsaw-format';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { projectedCommandHandler } from '@punkto/platform/es/projected-command-handler';
import type { EventStore } from '@punkto/platform/event-store/event-store.port';
import type { Mailer } from '@punkto/platform/mail/mailer.port';
import type { Logger } from '@punkto/platform/observability/logger';
import { readProjection, type ProjectionDoc, type Tombstone } from '@punkto/platform/projections/projection';
import type { Invoices } from '../invoices/invoices.service';
import type { BillingMails } from '../mail/billing-mails';
import type { Subscriptions } from '../subscriptions/subscriptions.service';
import type { BillingTenants } from '../tenants/billing-tenants';
import type { PaymentMethods } from './payment-methods';
import type { PaymentProvider } from './payment-provider.port';
import { evolve, initialState, toPaymentStreamId, type PaymentEvent, type PaymentState } from './payment';
import { paymentDecider, type PaymentCommand } from './payment.decider';
import type { OpenOrders } from './open-orders';

export type PaymentRecord = Exclude<PaymentState, { status: 'none' }>;

export interface PaymentsDeps {
  eventStore: EventStore;
  documents: DocumentStore;
  provider: PaymentProvider;
  subscriptions: Subscriptions;
  invoices: Invoices;
  methods: PaymentMethods;
  tenants: BillingTenants;
  mailer: Mailer;
  mails: BillingMails;
  logger: Logger;
  clock: () => Date;
  publicUrl: string;
  notifyUrl: string;
}

/** runs a payment command on the payment's stream (the clock's now as metadata); its projection follows */
type RunPaymentCommand = Awaited<ReturnType<typeof paymentStreams>>['run'];
/** the projected payment, null when unknown */
type FindPayment = (paymentId: string) => Promise<PaymentRecord | null>;

/** What every payment use case may need: the ports of `PaymentsDeps` plus the payment streams' `run` and `find`. */
export type PaymentsContext = Omit<PaymentsDeps, 'eventStore' | 'documents'> & {
  run: RunPaymentCommand;
  find: FindPayment;
  /** one open order per company's plan change (open-orders.ts) */
  openOrders: OpenOrders;
  /** payments completed before `before` whose booking is unfinished, lost projections caught up (ADR 0052) */
  unbooked: (before: string) => Promise<string[]>;
  /** the ids of a tenant's payments still pending (orders the payer may still pay) */
  pendingOf: (tenantId: string) => Promise<string[]>;
};

/** the payments' stream handler and read model (`payments` collection, indexed by tenant) */
export async function paymentStreams(deps: Pick<PaymentsDeps, 'eventStore' | 'documents' | 'clock'>) {
  const collection = deps.documents.collection<ProjectionDoc<PaymentRecord> | Tombstone>('payments');
  await collection.ensureIndex({ fields: { 'order.tenantId': 1 }, name: 'payments_tenant' });
  await collection.ensureIndex({ fields: { status: 1, bookedAt: 1 }, name: 'payments_unbooked' });
  await collection.ensureIndex({ fields: { status: 1, 'order.initiatedAt': 1 }, name: 'payments_open' });
  const aggregate = projectedCommandHandler({
    eventStore: deps.eventStore,
    decider: paymentDecider,
    streamId: toPaymentStreamId,
    collection,
    apply: (current: PaymentRecord | null, event: PaymentEvent) =>
      evolve(current ?? initialState(), event) as PaymentRecord,
  });
  const run = (paymentId: string, tenantId: string, command: Omit<PaymentCommand, 'metadata'>) =>
    aggregate.run(paymentId, { ...command, metadata: { now: deps.clock() } } as PaymentCommand, { tenantId });
  const find: FindPayment = (paymentId) => readProjection<PaymentRecord>(collection, paymentId);
  const unbooked = async (before: string) => {
    // a payment whose completion was stored but not projected (a crash in between) reads as pending: the open
    // orders of the last week are caught up with their streams first
    const weekAgo = new Date(Date.parse(before) - 7 * 86_400_000).toISOString();
    const open = await collection.find({
      status: 'pending',
      'order.initiatedAt': { $gte: weekAgo, $lt: before },
    });
    for (const doc of open) await aggregate.rebuild(doc._id);
    // `bookedAt: null` exactly (a payment completed before bookings were recorded has none: booked inline)
    const completed = await collection.find({
      status: 'completed',
      bookedAt: { $exists: true, $eq: null },
      'completed.completedAt': { $lt: before },
    });
    return completed.map((doc) => doc._id);
  };
  const pendingOf = async (tenantId: string) =>
    (await collection.find({ 'order.tenantId': tenantId, status: 'pending' })).map((doc) => doc._id);
  return { run, find, unbooked, pendingOf };
}

export const ddmmyyyy = warsawFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });

/** the buyer the provider is shown: the payer's e-mail or the tenant's, the company's name */
export async function buyerOf(tenants: BillingTenants, tenantId: string, email: string | undefined) {
  const tenant = await tenants.get(tenantId);
  return {
    email: email ?? tenants.emailOf(tenant) ?? '',
    name: tenant?.companyName ?? tenantId,
    language: 'pl' as const,
  };
}

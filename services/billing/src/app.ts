import type { CardFormConfig } from '@punkto/contracts/billing';
import { Topics } from '@punkto/contracts/topics';
import type { RelayRoute } from '@punkto/platform/relay/event-relay';
import { consumerContext } from '@punkto/platform/runtime/event-consumer';
import type { BuiltService, ServiceDeps } from '@punkto/platform/runtime/service-server';
import type { FastifyInstance } from 'fastify';
import { billingEventsConsumer } from './billing-events.consumer';
import type { BillingConfig } from './config';
import { formerCompanyInvoices } from './invoices/former-company-invoices';
import { invoiceRoutes } from './invoices/invoice.routes';
import type { InvoiceParty } from './invoices/invoice';
import { createInvoices } from './invoices/invoices.service';
import { billingMails } from './mail/billing-mails';
import { paymentMethods } from './payments/payment-methods';
import { NOTIFY_PATH, paymentRoutes } from './payments/payment.routes';
import type { PaymentsDeps } from './payments/payments';
import { createPayments, type Payments } from './payments/payments.service';
import { PayuEnv, payuConfigFromEnv, payuSdkUrl } from './payments/payu/payu-config';
import { createPayuPaymentProvider } from './payments/payu/payu-payment-provider';
import { sandboxCheckoutRoutes } from './payments/sandbox-checkout.routes';
import type { SendNotification } from './payments/sandbox-notifications';
import { SANDBOX_NOTIFY_JOB } from './payments/sandbox-orders';
import { createSandboxPaymentProvider, type SandboxPayments } from './payments/sandbox-payment-provider';
import { SUBSCRIPTION_STREAM_PREFIX } from './subscriptions/subscription';
import { subscriptionRoutes } from './subscriptions/subscription.routes';
import {
  PERIOD_END_JOB,
  SWEEP_JOB,
  SWEEP_JOB_ID,
  TRIAL_REMINDER_JOB,
} from './subscriptions/subscription-jobs';
import { createSubscriptions, type Subscriptions } from './subscriptions/subscriptions.service';
import { billingTenants } from './tenants/billing-tenants';
import { billingIdentityUsersConsumer } from './tenants/identity-users.consumer';
import { activeCustomers } from './usage/active-customers';

/**
 * Billing service: plans, trial, subscriptions, payments, payment methods, invoices, entitlements.
 */
export type BillingDeps = ServiceDeps<BillingConfig> & {
  /** tests: how the sandbox delivers its notifications (default: an HTTP POST to the notify URL) */
  sandboxSend?: SendNotification;
};

/** Streams this service owns and the topics their events are published to (payments stay internal). */
export const relayRoutes: RelayRoute[] = [
  { streamPrefix: SUBSCRIPTION_STREAM_PREFIX, topic: Topics.billingSubscriptions },
];

export async function buildService(deps: BillingDeps) {
  const { clock, logger, infra, config } = deps;
  const { eventStore, documents, scheduler, mailer } = infra;
  const mails = billingMails(config.PUBLIC_URL);
  const tenants = await billingTenants(documents);
  const usage = activeCustomers(documents);
  const subscriptions = await createSubscriptions({
    eventStore,
    documents,
    scheduler,
    mailer,
    mails,
    tenants,
    usage,
    logger,
    clock,
    trialDays: config.TRIAL_DAYS,
  });
  const invoices = await createInvoices({ documents, logger, clock, seller: sellerOf(config) });
  const { methods, provider, sandbox, cardForm, payments } = await billingPayments(deps, {
    subscriptions,
    invoices,
    tenants,
    mails,
  });

  const routes = async (app: FastifyInstance) => {
    subscriptionRoutes(app, subscriptions, cardForm);
    await paymentRoutes(app, payments, methods);
    invoiceRoutes(app, invoices, formerCompanyInvoices({ tenants, invoices, clock }));
    if (config.PAYMENT_PROVIDER === 'sandbox') await sandboxCheckoutRoutes(app, sandbox);
  };

  // the sweep runs at start and then every BILLING_SWEEP_INTERVAL_MINUTES (ADR 0026 "The sweep")
  await scheduler.schedule({ id: SWEEP_JOB_ID, type: SWEEP_JOB, runAt: clock(), payload: {} });

  return {
    routes,
    subscriptions,
    payments,
    invoices,
    sandbox,
    consumers: [
      billingEventsConsumer(
        {
          subscriptions,
          tenants,
          usage,
          mailer,
          mails,
          alertPercent: config.CUSTOMER_LIMIT_ALERT_PERCENT,
          closure: { methods, provider, payments },
        },
        consumerContext(deps),
      ),
      billingIdentityUsersConsumer(tenants, consumerContext(deps)),
    ],
    jobs: billingJobs(deps, { subscriptions, payments, sandbox }),
  } satisfies BuiltService & Record<string, unknown>;
}

/** the seller printed on every invoice: Punkto's company, from the configuration */
function sellerOf(config: BillingConfig): InvoiceParty {
  return {
    name: config.SELLER_NAME,
    nip: config.SELLER_NIP,
    address: {
      street: config.SELLER_STREET,
      postalCode: config.SELLER_POSTAL_CODE,
      city: config.SELLER_CITY,
      countryCode: 'PL',
    },
  };
}

/**
 * Payments through the provider the configuration selects: the sandbox (embedded default, always built: its
 * checkout routes and notification job) or PayU; with the saved payment methods and the SPA's card form.
 */
async function billingPayments(
  deps: BillingDeps,
  uses: Pick<PaymentsDeps, 'subscriptions' | 'invoices' | 'tenants' | 'mails'>,
) {
  const { clock, logger, infra, config } = deps;
  const { eventStore, documents, scheduler, mailer } = infra;
  const methods = paymentMethods(documents, clock);
  const sandbox = await createSandboxPaymentProvider({
    documents,
    scheduler,
    clock,
    publicUrl: config.PUBLIC_URL,
    ...(config.PAYMENT_SANDBOX_SECRET && { configuredSecret: config.PAYMENT_SANDBOX_SECRET }),
    ...(deps.sandboxSend && { send: deps.sandboxSend }),
  });
  const payu = config.PAYMENT_PROVIDER === 'payu' ? payuConfigFromEnv(PayuEnv.parse(config)) : null;
  const provider = payu ? createPayuPaymentProvider(payu) : sandbox.provider;
  // PayU's secure card form for the SPA: its SDK from the configured PayU host (the gateway's CSP allows it)
  const cardForm: CardFormConfig = payu
    ? { provider: 'payu', payu: { sdkUrl: payuSdkUrl(payu), posId: payu.posId } }
    : { provider: 'sandbox', payu: null };
  const payments = await createPayments({
    eventStore,
    documents,
    provider,
    subscriptions: uses.subscriptions,
    invoices: uses.invoices,
    methods,
    tenants: uses.tenants,
    mailer,
    mails: uses.mails,
    logger,
    clock,
    publicUrl: config.PUBLIC_URL,
    notifyUrl: config.PAYMENT_NOTIFY_URL ?? `${config.PUBLIC_URL}${NOTIFY_PATH}`,
  });
  return { methods, provider, sandbox, cardForm, payments };
}

/** billing's scheduled jobs: the sweep (which schedules its next run), trial reminders, period ends, the sandbox */
function billingJobs(
  { clock, infra: { scheduler }, config }: BillingDeps,
  {
    subscriptions,
    payments,
    sandbox,
  }: { subscriptions: Subscriptions; payments: Payments; sandbox: SandboxPayments },
): NonNullable<BuiltService['jobs']> {
  const sweepEvery = config.BILLING_SWEEP_INTERVAL_MINUTES * 60_000;
  return {
    [SWEEP_JOB]: async () => {
      try {
        await payments.finishUnbooked();
        await subscriptions.sweep();
      } finally {
        await scheduler.schedule({
          id: SWEEP_JOB_ID,
          type: SWEEP_JOB,
          runAt: new Date(clock().getTime() + sweepEvery),
          payload: {},
        });
      }
    },
    [TRIAL_REMINDER_JOB]: async (job) => {
      const { tenantId, daysBefore, periodEnd } = job.payload as {
        tenantId: string;
        daysBefore: number;
        periodEnd: string;
      };
      await subscriptions.trialReminder(tenantId, daysBefore, periodEnd);
    },
    [PERIOD_END_JOB]: async (job) =>
      periodEnded({ subscriptions, payments, clock }, (job.payload as { tenantId: string }).tenantId),
    [SANDBOX_NOTIFY_JOB]: async (job) => {
      await sandbox.deliverNotification((job.payload as { orderId: string }).orderId);
    },
  };
}

/** the end of the trial or of a paid period, and each dunning retry */
async function periodEnded(
  { subscriptions, payments, clock }: { subscriptions: Subscriptions; payments: Payments; clock: () => Date },
  tenantId: string,
) {
  const sub = await subscriptions.get(tenantId);
  if (!sub) return;
  const now = clock();
  if (sub.status === 'trialing') {
    await subscriptions.run(tenantId, { type: 'ExpireTrial', data: {} });
    return;
  }
  if (sub.status !== 'active' && sub.status !== 'past_due') return;
  const due = new Date(subscriptions.dunningDue(sub));
  if (due > now) return subscriptions.checkAgainAt(tenantId, due);
  await subscriptions.run(tenantId, { type: 'EndPeriod', data: {} });
  const outcome = await payments.chargeRenewal(tenantId);
  // a charge the provider has not decided yet: looked at again in an hour (its notification may come first)
  if (outcome === 'pending') await subscriptions.checkAgainAt(tenantId, new Date(now.getTime() + 3_600_000));
}

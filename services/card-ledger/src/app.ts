import { Topics } from '@punkto/contracts/topics';
import type { RelayRoute } from '@punkto/platform/relay/event-relay';
import { consumerContext } from '@punkto/platform/runtime/event-consumer';
import type { BuiltService, ServiceDeps } from '@punkto/platform/runtime/service-server';
import type { FastifyInstance } from 'fastify';
import { analyticsRoutes } from './analytics/analytics.routes';
import { createAnalytics, type Analytics } from './analytics/analytics.service';
import { surveyEventsConsumer } from './analytics/survey-events.consumer';
import { activityExportRoutes } from './cards/activity-export.routes';
import { CARD_STREAM_PREFIX } from './cards/card';
import { cardRoutes } from './cards/card.routes';
import { createCardLedger, type CardLedger } from './cards/card-ledger';
import type { CardLedgerConfig } from './config';
import { customerRoutes } from './customers/customer.routes';
import { INVITE_STREAM_PREFIX } from './referrals/invite.decider';
import { inviteStreams } from './referrals/invite-publishing';
import { referralEventsConsumer } from './referrals/referral-events.consumer';
import { referralRoutes } from './referrals/referral.routes';
import { referralStore } from './referrals/referral-store';
import { referralStreams } from './referrals/referrals';
import { billingEventsConsumer } from './tenants/billing-events.consumer';
import { birthdaySweep, nextSweepAt } from './birthdays/birthdays';
import { identityEventsConsumer } from './birthdays/identity-events.consumer';
import { birthdayRoutes } from './birthdays/birthday.routes';
import { tenantEventsConsumer } from './tenants/tenant-events.consumer';
import { expiryRoutes } from './expiry/expiry.routes';
import { expirySweep, nextExpirySweepAt } from './expiry/expiry-sweep';

/**
 * Card-ledger service: event-sourced cards, points, stamps, tiers, redemptions, customer portal reads, analytics.
 */
export type CardLedgerDeps = ServiceDeps<CardLedgerConfig>;

/** Streams this service owns and the topics their events are published to. */
export const relayRoutes: RelayRoute[] = [
  { streamPrefix: CARD_STREAM_PREFIX, topic: Topics.cardLedgerCards },
  // the invite link on the back of the card's passes (ADR 0061)
  { streamPrefix: INVITE_STREAM_PREFIX, topic: Topics.cardLedgerCards },
];

export const MAINTENANCE_JOB = 'card-ledger.maintenance';
export const BIRTHDAY_SWEEP_JOB = 'card-ledger.birthday-sweep';
export const EXPIRY_SWEEP_JOB = 'card-ledger.expiry-sweep';
const MAINTENANCE_EVERY_MS = 10 * 60_000;

/**
 * The card ledger, built once: its stores and projector (card-ledger.ts), whose use cases the HTTP routes,
 * the consumers of the tenant's and billing's events and the maintenance job call over that one instance.
 */
export async function buildService(
  deps: CardLedgerDeps,
): Promise<BuiltService & { cards: CardLedger; analytics: Analytics }> {
  const { clock, logger, infra } = deps;
  const cards = await createCardLedger({
    eventStore: infra.eventStore,
    documents: infra.documents,
    checkpoints: infra.checkpoints,
    config: deps.config,
    logger,
    clock,
  });
  const analytics = await createAnalytics({
    eventStore: infra.eventStore,
    documents: infra.documents,
    checkpoints: infra.checkpoints,
    clock,
    logger,
  });
  const referrals = await referralDeps(deps, cards);
  const routes = async (app: FastifyInstance) => {
    cardRoutes(app, cards);
    referralRoutes(app, referrals);
    customerRoutes(app, cards, { heartbeatMs: deps.config.SSE_HEARTBEAT_MS });
    birthdayRoutes(app, cards);
    expiryRoutes(app, cards);
    await activityExportRoutes(app, { documents: infra.documents, clock });
    analyticsRoutes(app, analytics, (tenantId, period) => referrals.store.figures(tenantId, period));
    app.addHook('onClose', async () => {
      await cards.close();
      await analytics.close();
    });
  };

  const scheduleMaintenance = (inMs: number) =>
    infra.scheduler.schedule({
      id: MAINTENANCE_JOB,
      type: MAINTENANCE_JOB,
      runAt: new Date(clock().getTime() + inMs),
      payload: null,
    });
  await scheduleMaintenance(60_000);
  const { scheduleSweep, scheduleExpiry } = await nightlySweeps(deps);
  return {
    routes,
    cards,
    analytics,
    // the tenant's programs, services, clients and tenants (tenant-events.consumer.ts)
    // billing's entitlements: the active-customer limit (billing-events.consumer.ts)
    // and the anonymous NPS answers of the survey service (analytics)
    consumers: [
      tenantEventsConsumer(cards, consumerContext(deps)),
      billingEventsConsumer(cards, consumerContext(deps)),
      surveyEventsConsumer(analytics.projection, consumerContext(deps)),
      // a deleted account's birthday (ADR 0058)
      identityEventsConsumer(cards.birthdays, consumerContext(deps)),
      // the card ledger's own awards: a referred friend's first visit rewards both (ADR 0061)
      referralEventsConsumer(referrals, consumerContext(deps)),
    ],
    jobs: {
      // every 10 minutes: expired Idempotency-Keys out, stock reservations left by a crash settled
      [MAINTENANCE_JOB]: async () => {
        logger.info(await cards.maintenance(), 'card-ledger maintenance done');
        await scheduleMaintenance(MAINTENANCE_EVERY_MS);
      },
      // every night at 00:05 Warsaw time: the birthday rewards whose window opens today (ADR 0058)
      [BIRTHDAY_SWEEP_JOB]: async () => {
        logger.info(await birthdaySweep(cards), 'birthday sweep done');
        await scheduleSweep(nextSweepAt(clock()));
      },
      // every night at 00:10 Warsaw time: points and stamps due expire, warnings due are recorded (ADR 0062)
      [EXPIRY_SWEEP_JOB]: async () => {
        logger.info(await expirySweep(cards), 'expiry sweep done');
        await scheduleExpiry(nextExpirySweepAt(clock()));
      },
    },
  };
}

/**
 * The nightly sweeps, each a durable job that schedules its next run: the birthday sweep a minute after start (a
 * night missed while down is caught up), then at 00:05; the expiry sweep (ADR 0062) two minutes after start, then
 * at 00:10.
 */
async function nightlySweeps({ infra, clock }: CardLedgerDeps) {
  const scheduleSweep = (runAt: Date) =>
    infra.scheduler.schedule({ id: BIRTHDAY_SWEEP_JOB, type: BIRTHDAY_SWEEP_JOB, runAt, payload: null });
  const scheduleExpiry = (runAt: Date) =>
    infra.scheduler.schedule({ id: EXPIRY_SWEEP_JOB, type: EXPIRY_SWEEP_JOB, runAt, payload: null });
  await scheduleSweep(new Date(clock().getTime() + 60_000));
  await scheduleExpiry(new Date(clock().getTime() + 120_000));
  return { scheduleSweep, scheduleExpiry };
}

/** "bring a friend" (ADR 0061): its documents, its Referral and invite streams, over the card ledger's cards */
async function referralDeps({ infra, clock }: CardLedgerDeps, cards: CardLedger) {
  const store = await referralStore(infra.documents);
  return {
    ...cards,
    store,
    referrals: referralStreams(infra.eventStore, store, clock),
    invites: inviteStreams(infra.eventStore, clock),
  };
}

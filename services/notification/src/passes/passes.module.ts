import { keptSecret } from '@punkto/platform/documents/kept-secret';
import { consumerContext } from '@punkto/platform/runtime/event-consumer';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import type { JobHandler, ScheduledJob } from '@punkto/platform/scheduler/scheduler.port';
import type { FastifyInstance } from 'fastify';
import type { NotificationDeps } from '../config';
import { tokenBucket } from '../shared/rate-limiter';
import type { CompanyCopies, WalletMessenger } from '../shared/wallet-messenger.port';
import { applePassRoutes } from './apple-pass.routes';
import { applePasses } from './apple-passes';
import { apnsOf } from './apple/apns';
import { passBrandingImages } from './apple/pass-branding-images';
import { passRegistrations, type PassRegistrations } from './apple/web-service/pass-registrations';
import { passTokens } from './apple/web-service/pass-serials';
import { passkitRoutes } from './apple/web-service/passkit.routes';
import { registerDevWallet } from './dev-wallet.routes';
import { googlePasses } from './google/google-passes';
import { GOOGLE_CALLBACK_PATH, googleCallbackRoutes, googlePassRoutes } from './google/google-pass.routes';
import { googleWallet } from './google/google-wallet';
import { passHealth, type PassHealth } from './health/pass-health';
import { passHealthRoutes } from './health/pass-health.routes';
import { passCopies, type PassCopies } from './pass-copies';
import { passCardEvent, passesConsumer } from './passes.consumer';
import { passNotices } from './pass-notices';
import { passUpdates, type PassUpdates } from './updates/pass-updates';
import { createWalletMessenger } from './wallet-messenger';

/** days a closed card's Apple registrations stay, so the phones fetch its void pass first (ADR 0046) */
export const CLOSED_CARD_REGISTRATION_DAYS = 7;
export const FORGET_REGISTRATIONS_JOB = 'passes.forget-registrations';
export const forgetRegistrationsJobId = (cardId: string) => `pass-forget-${cardId}`;

/** What the passes module gives the service: its routes, its consumer, the messages' side of the port, its lifecycle. */
export interface PassesModule {
  /** its routes, and the closing of the live updates and the wallet providers with the scope's server */
  routes(app: FastifyInstance): void;
  consumers: ConsumerSpec[];
  /** its scheduled jobs (a closed card's registrations forgotten) */
  jobs: Record<string, JobHandler>;
  walletMessenger: WalletMessenger;
  companies: CompanyCopies;
  /** starts the live updates' queue */
  start(): void;
  /** the development signing keys, made once the process is up (Apple's chain, Google's save-link key) */
  warmUp(): Promise<void>;
}

/** Apple Wallet passes: the signed pass, its download routes and the PassKit web service's registrations. */
async function buildApple(deps: NotificationDeps, copies: PassCopies) {
  const tokens = passTokens(
    await keptSecret(deps.infra.documents, 'apple-pass-token', deps.config.APPLE_PASS_TOKEN_SECRET),
    deps.config.APPLE_PASS_TYPE_IDENTIFIER,
  );
  const branding = passBrandingImages({
    blobs: deps.infra.blobs,
    publicUrl: deps.config.PUBLIC_URL,
    logger: deps.logger,
  });
  const apple = applePasses({ copies, config: deps.config, clock: deps.clock, tokens, branding });
  const registrations = passRegistrations(deps.infra.documents);
  await registrations.ensureIndexes();
  if (apple.development)
    deps.logger.warn(
      'Apple passes are signed by a development chain (DATA_DIR/apple-pass-dev): phones refuse them; README, "Apple Wallet certificates"',
    );
  if (!apple.webServiceURL.startsWith('https://'))
    deps.logger.warn(
      { webServiceURL: apple.webServiceURL },
      'PUBLIC_URL is not https: phones do not ask this PassKit web service for updates',
    );
  const routes = (app: FastifyInstance) =>
    applePassRoutes(app, apple, { developmentChain: deps.config.APPLE_PASS_DEVELOPMENT_CHAIN });
  return { apple, tokens, registrations, routes };
}

/** Google Wallet passes: objects and classes, the save link, Google's callbacks, and the pass health they feed. */
async function buildGoogle(deps: NotificationDeps, copies: PassCopies, registrations: PassRegistrations) {
  const google = await googleWallet(deps);
  const googlePassesOf = googlePasses({
    copies,
    documents: deps.infra.documents,
    wallet: google.wallet,
    issuerId: deps.config.GOOGLE_WALLET_ISSUER_ID,
    publicUrl: deps.config.PUBLIC_URL,
    callbackUrl: google.development ? null : `${deps.config.PUBLIC_URL}${GOOGLE_CALLBACK_PATH}`,
    clock: deps.clock,
    logger: deps.logger,
    onFailure: (failure) => health.failed([failure.tenantId], failure.reason),
    coalesceMs: deps.config.PASS_UPDATE_COALESCE_MS,
  });
  await googlePassesOf.ensureIndexes();
  const health: PassHealth = passHealth({
    documents: deps.infra.documents,
    clock: deps.clock,
    appleInstalled: registrations.countOfTenant,
    googleInstalled: googlePassesOf.installed,
    logger: deps.logger,
  });
  const routes = (app: FastifyInstance) => {
    googlePassRoutes(app, googlePassesOf, {
      development: google.development,
      developmentMode: deps.config.GOOGLE_WALLET_DEVELOPMENT,
    });
    if (!google.development)
      googleCallbackRoutes(app, {
        passes: googlePassesOf,
        documents: deps.infra.documents,
        issuerId: deps.config.GOOGLE_WALLET_ISSUER_ID,
        rootKeysUrl: deps.config.GOOGLE_WALLET_ROOT_KEYS_URL,
        clock: deps.clock,
        onCallback: ({ tenantId, eventType }) =>
          eventType === 'save' ? health.added(tenantId, 'google') : health.removed(tenantId, 'google'),
      });
  };
  return { google, googlePasses: googlePassesOf, health, routes };
}

/**
 * A closed card's Apple registrations (device ids, push tokens) are forgotten some days after the closure (ADR
 * 0046): long enough for the phones to fetch the void pass that says why, which they cannot once forgotten.
 */
function closedCardRegistrations(deps: NotificationDeps, registrations: PassRegistrations) {
  return {
    forgetLater: async (cardId: string, closedAt: string) =>
      deps.infra.scheduler.schedule({
        id: forgetRegistrationsJobId(cardId),
        type: FORGET_REGISTRATIONS_JOB,
        runAt: new Date(Date.parse(closedAt) + CLOSED_CARD_REGISTRATION_DAYS * 86_400_000),
        payload: { cardId },
      }),
    jobs: {
      [FORGET_REGISTRATIONS_JOB]: async (job: ScheduledJob) => {
        await registrations.forgetCard((job.payload as { cardId: string }).cardId);
      },
    } satisfies Record<string, JobHandler>,
  };
}

/**
 * The other services' events into the copies and the passes: a closed card's registrations forgotten days later,
 * a notice announced on the lock screen after the quiet hours (pass-notices.ts).
 */
function passesFromEvents(
  deps: NotificationDeps,
  {
    copies,
    updates,
    registrations,
  }: { copies: PassCopies; updates: PassUpdates; registrations: PassRegistrations },
) {
  const closedCards = closedCardRegistrations(deps, registrations);
  const onCardClosed = closedCards.forgetLater;
  const notices = passNotices(
    { scheduler: deps.infra.scheduler, clock: deps.clock, copies, logger: deps.logger },
    (event) => passCardEvent({ copies, changed: updates, onCardClosed }, event),
  );
  return {
    consumer: passesConsumer(copies, consumerContext(deps), updates, {
      onCardClosed,
      deferred: notices.deferred,
    }),
    jobs: { ...closedCards.jobs, ...notices.jobs },
  };
}

/**
 * The wallet passes module (ADR 0012): Apple and Google passes built from the copies kept from the card ledger's
 * and the tenant service's events, their live updates (APNs pushes, Google PATCHes), pass health, and the
 * channel company messages are sent through.
 */
export async function buildPasses(deps: NotificationDeps): Promise<PassesModule> {
  const copies = passCopies(deps.infra.documents);
  await copies.ensureIndexes();
  const { apple, tokens, registrations, routes: appleRoutes } = await buildApple(deps, copies);
  const {
    google,
    googlePasses: googlePassesOf,
    health,
    routes: googleRoutes,
  } = await buildGoogle(deps, copies, registrations);

  // live updates: a change of what passes show reaches the phones (APNs pushes, Google PATCHes)
  const { apns, records: apnsRecords } = await apnsOf(deps);
  const updates = passUpdates({
    documents: deps.infra.documents,
    registrations,
    pusher: apns,
    clock: deps.clock,
    logger: deps.logger,
    onPushFailure: (failure) => health.failed(failure.tenantIds, failure.reason),
    google: googlePassesOf,
    options: { coalesceMs: deps.config.PASS_UPDATE_COALESCE_MS },
    onPush: (platform, outcome) => deps.metrics?.passPushes.inc({ platform, outcome }),
  });
  await updates.ensureIndexes();

  // company messages on the wallet passes (issue 21): the channel the campaign engine sends through
  const walletMessenger = createWalletMessenger({
    documents: deps.infra.documents,
    copies,
    registrations,
    apns,
    google: { wallet: google.wallet, passes: googlePassesOf },
    limits: {
      apns: tokenBucket({ perSecond: deps.config.APNS_MESSAGES_PER_SECOND }),
      google: tokenBucket({ perSecond: deps.config.GOOGLE_WALLET_REQUESTS_PER_SECOND }),
    },
    clock: deps.clock,
    logger: deps.logger,
    retryLater: (cardId) => updates.cardChanged(cardId),
  });
  const fromEvents = passesFromEvents(deps, { copies, updates, registrations });
  return {
    routes: (app) => {
      appleRoutes(app);
      googleRoutes(app);
      passkitRoutes(app, {
        passes: apple,
        registrations,
        tokens,
        clock: deps.clock,
        onRegistration: ({ tenantId, change }) =>
          change === 'added' ? health.added(tenantId, 'apple') : health.removed(tenantId, 'apple'),
      });
      passHealthRoutes(app, health);
      if (deps.config.DEV_MAILBOX !== 'off')
        registerDevWallet(
          app,
          { apns: apnsRecords, google: google.records },
          { loopbackOnly: deps.config.DEV_MAILBOX === 'loopback' },
        );
      app.addHook('onClose', async () => {
        await updates.stop();
        await apns.close();
        await google.wallet.close();
      });
    },
    consumers: [fromEvents.consumer],
    jobs: fromEvents.jobs,
    walletMessenger,
    companies: copies,
    start: () => updates.start(),
    warmUp: async () => void (await Promise.all([apple.prepare(), google.prepare()])),
  };
}

import { Topics } from '@punkto/contracts/topics';
import { keptSecret } from '@punkto/platform/documents/kept-secret';
import { csrfPlugin } from '@punkto/platform/http/csrf-plugin';
import { consumerContext } from '@punkto/platform/runtime/event-consumer';
import type { RelayRoute } from '@punkto/platform/relay/event-relay';
import { createServiceServer, type BuiltService } from '@punkto/platform/runtime/service-server';
import type { NotificationDeps } from './config';
import { registerDevMailbox } from './dev-mailbox/dev-mailbox.routes';
import { feedbackRoutes } from './feedback/feedback.routes';
import { createFeedbackService } from './feedback/feedback.service';
import { applePassRoutes } from './passes/apple-pass.routes';
import { registerDevWallet } from './passes/dev-wallet.routes';
import { applePasses } from './passes/apple-passes';
import { passCopies } from './passes/pass-copies';
import { passRegistrations } from './passes/apple/web-service/pass-registrations';
import { passTokens } from './passes/apple/web-service/pass-serials';
import { passkitRoutes } from './passes/apple/web-service/passkit.routes';
import { apnsOf } from './passes/apple/apns';
import { passBrandingImages } from './passes/apple/pass-branding-images';
import { googlePasses } from './passes/google/google-passes';
import {
  GOOGLE_CALLBACK_PATH,
  googleCallbackRoutes,
  googlePassRoutes,
} from './passes/google/google-pass.routes';
import { googleWallet } from './passes/google/google-wallet';
import { passHealth } from './passes/health/pass-health';
import { passHealthRoutes } from './passes/health/pass-health.routes';
import { passUpdates } from './passes/updates/pass-updates';
import { passesConsumer } from './passes/passes.consumer';
import { tokenBucket } from './passes/rate-limiter';
import { createWalletMessenger } from './passes/wallet-messenger';
import { campaignSending } from './messages/campaign-sending';
import { campaignSweep, MESSAGE_SWEEP_JOB, MESSAGE_SWEEP_JOB_ID } from './messages/campaign-sweep';
import { campaignsOf } from './messages/campaigns';
import {
  messageCardsConsumer,
  messageClientsConsumer,
  messageIdentityConsumer,
} from './messages/messages.consumer';
import { messagesContext } from './messages/messages-context';
import { messagesRoutes } from './messages/messages.routes';
import { unsubscribes } from './messages/unsubscribe';
import type { WalletMessenger } from './messages/wallet-messenger.port';

/**
 * Notification service: e-mail, wallet passes and their live updates, company → customer messages, bug reports.
 */
export type { NotificationDeps };

/** Streams this service owns and the topics their events are published to. */
export const relayRoutes: RelayRoute[] = [{ streamPrefix: 'message-', topic: Topics.notificationMessages }];

export async function buildService(
  deps: NotificationDeps,
  /** tests of the campaign engine may stand in for the passes' side of the port */
  options: { walletMessenger?: WalletMessenger } = {},
): Promise<BuiltService & { walletMessenger: WalletMessenger }> {
  const app = await createServiceServer('notification', deps);
  await app.register(csrfPlugin, { allowedOrigins: deps.config.CSRF_ALLOWED_ORIGINS });
  const { mailbox } = deps.infra;
  if (deps.config.DEV_MAILBOX !== 'off' && mailbox)
    registerDevMailbox(app, mailbox, { loopbackOnly: deps.config.DEV_MAILBOX === 'loopback' });
  const feedback = await createFeedbackService({
    documents: deps.infra.documents,
    mailer: deps.infra.mailer,
    logger: deps.logger,
    clock: deps.clock,
    operatorEmails: deps.config.OPERATOR_EMAILS,
    perUserPerHour: deps.config.FEEDBACK_RATE_LIMIT_PER_HOUR,
  });
  feedbackRoutes(app, feedback);
  // what wallet passes show, kept from the card ledger's and the tenant service's events (ADR 0012)
  const copies = passCopies(deps.infra.documents);
  await copies.ensureIndexes();
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
  applePassRoutes(app, apple, { developmentChain: deps.config.APPLE_PASS_DEVELOPMENT_CHAIN });

  const google = await googleWallet(deps);
  const googleCallbackUrl = google.development ? null : `${deps.config.PUBLIC_URL}${GOOGLE_CALLBACK_PATH}`;
  const googlePassesOf = googlePasses({
    copies,
    documents: deps.infra.documents,
    wallet: google.wallet,
    issuerId: deps.config.GOOGLE_WALLET_ISSUER_ID,
    publicUrl: deps.config.PUBLIC_URL,
    callbackUrl: googleCallbackUrl,
    clock: deps.clock,
    logger: deps.logger,
    onFailure: (failure) => health.failed([failure.tenantId], failure.reason),
    coalesceMs: deps.config.PASS_UPDATE_COALESCE_MS,
  });
  await googlePassesOf.ensureIndexes();
  const health = passHealth({
    documents: deps.infra.documents,
    clock: deps.clock,
    appleInstalled: registrations.countOfTenant,
    googleInstalled: googlePassesOf.installed,
    logger: deps.logger,
  });
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
  passkitRoutes(app, {
    passes: apple,
    registrations,
    tokens,
    clock: deps.clock,
    onRegistration: ({ tenantId, change }) =>
      change === 'added' ? health.added(tenantId, 'apple') : health.removed(tenantId, 'apple'),
  });
  passHealthRoutes(app, health);

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
  if (deps.config.DEV_MAILBOX !== 'off')
    registerDevWallet(
      app,
      { apns: apnsRecords, google: google.records },
      { loopbackOnly: deps.config.DEV_MAILBOX === 'loopback' },
    );
  // company → customer messages (ADR 0027)
  const messages = await messagesContext({
    eventStore: deps.infra.eventStore,
    documents: deps.infra.documents,
    scheduler: deps.infra.scheduler,
    mailer: deps.infra.mailer,
    wallet: options.walletMessenger ?? walletMessenger,
    passCopies: copies,
    config: deps.config,
    logger: deps.logger,
    clock: deps.clock,
  });
  const sending = campaignSending(messages);
  // the sweep runs at start and then every MESSAGE_SWEEP_INTERVAL_MINUTES (ADR 0027 "The sweep")
  const sweep = campaignSweep(messages);
  const sweepEvery = deps.config.MESSAGE_SWEEP_INTERVAL_MINUTES * 60_000;
  await deps.infra.scheduler.schedule({
    id: MESSAGE_SWEEP_JOB_ID,
    type: MESSAGE_SWEEP_JOB,
    runAt: deps.clock(),
    payload: {},
  });
  await messagesRoutes(app, messages, campaignsOf(messages), unsubscribes(messages));

  updates.start();
  app.addHook('onClose', async () => {
    await updates.stop();
    await apns.close();
    await google.wallet.close();
  });
  const context = consumerContext(deps);
  return {
    app,
    consumers: [
      passesConsumer(copies, context, updates),
      messageCardsConsumer(messages, context),
      messageClientsConsumer(messages, context),
      messageIdentityConsumer(messages, context),
    ],
    jobs: {
      ...sending.jobs,
      [MESSAGE_SWEEP_JOB]: async () => {
        try {
          await sweep.sweep();
        } finally {
          await deps.infra.scheduler.schedule({
            id: MESSAGE_SWEEP_JOB_ID,
            type: MESSAGE_SWEEP_JOB,
            runAt: new Date(deps.clock().getTime() + sweepEvery),
            payload: {},
          });
        }
      },
    },
    walletMessenger,
    // the development signing keys (Apple's chain: three RSA keys; Google's save-link key): generated once
    // the process is up instead of before it can answer, or by the first pass or link if that comes first
    warmUp: async () => void (await Promise.all([apple.prepare(), google.prepare()])),
  };
}

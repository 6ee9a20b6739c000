import { scrubErrorReport } from '@punkto/contracts/error-scrubbing';
import { browserTracingIntegration, close, init, replayIntegration, setTag } from '@sentry/react';
import type { ErrorReporter } from './error-reporting';

/**
 * The error reporter on the Sentry browser SDK (ADR 0024), loaded only through a dynamic import after
 * consent with a DSN configured. Errors, performance traces and session replays at the SPEC §9 rates go
 * through the gateway's tunnel (same origin; the CSP names no third party). Replays mask every text and
 * input and block media; every event, transaction and breadcrumb is scrubbed of personal data and secrets
 * before it leaves; the person is described by role and tenant only (SPEC §6), never by id, name or e-mail.
 */
export function createSentryReporter(): ErrorReporter {
  // one replay integration for the page's life: the SDK allows a single instance
  let replay: ReturnType<typeof replayIntegration> | undefined;

  return {
    start(options) {
      replay ??= replayIntegration({
        minReplayDuration: options.replayMinimumDurationMs,
        maxReplayDuration: options.replayMaximumDurationMs,
        maskAllText: true,
        maskAllInputs: true,
        blockAllMedia: true,
        // the compression worker would need `worker-src blob:` in the CSP; uncompressed segments need nothing
        useCompression: false,
      });
      init({
        dsn: options.dsn,
        tunnel: options.tunnel,
        environment: options.environment,
        sendDefaultPii: false,
        tracesSampleRate: options.tracesSampleRate,
        replaysSessionSampleRate: options.replaysSessionSampleRate,
        replaysOnErrorSampleRate: options.replaysOnErrorSampleRate,
        // no trace headers on API calls: the server's traces are sampled and exported on their own (ADR 0020)
        tracePropagationTargets: [],
        integrations: [browserTracingIntegration(), replay],
        beforeSend: (event) => scrubErrorReport(event),
        beforeSendTransaction: (event) => scrubErrorReport(event),
        beforeBreadcrumb: (breadcrumb) => scrubErrorReport(breadcrumb),
      });
    },
    stop() {
      void close();
    },
    setUser(user) {
      setTag('role', user?.role ?? 'anonymous');
      setTag('tenantId', user?.tenantId ?? 'none');
    },
  };
}

import { scrubErrorReport } from '@punkto/contracts/error-scrubbing';
import { trace } from '@opentelemetry/api';
import type * as SentrySdk from '@sentry/node';

/**
 * Error reporting of the gateway and the services with the Sentry SDK (ADR 0024). Off unless
 * `ERROR_REPORTING_DSN` is set: then `@sentry/node` is imported (not before: a process without a DSN never
 * loads it) and started without its own OpenTelemetry setup — traces stay with the platform's SDK and its
 * OTLP exporter (ADR 0020), and no auto-instrumentation patches the drivers. What is reported: requests that
 * failed with a 500, messages a consumer dead-lettered, and uncaught exceptions / unhandled rejections. Each
 * report carries the service, the route or the consumer group, the role and tenant of the signed-in user
 * (SPEC §6) and the OpenTelemetry trace id; `scrubErrorReport` removes personal data and secrets from it
 * just before it is sent. Any Sentry-protocol receiver works (Sentry, self-hosted GlitchTip).
 */

type SentryNode = typeof SentrySdk;

export interface ErrorReportingConfig {
  ERROR_REPORTING_DSN?: string | undefined;
  /** e.g. `production`, `staging`; default NODE_ENV */
  ERROR_REPORTING_ENVIRONMENT?: string | undefined;
  NODE_ENV: string;
}

/** Who and what an error happened for; every field becomes a tag (searchable in Sentry / GlitchTip). */
export interface ErrorContext {
  route?: string;
  method?: string;
  consumerGroup?: string;
  topic?: string;
  eventType?: string;
  role?: string | null;
  tenantId?: string | null;
}

let sentry: SentryNode | undefined;
let serviceTag = 'unknown';

export async function initErrorReporting(
  serviceName: string,
  config: ErrorReportingConfig,
): Promise<boolean> {
  if (!config.ERROR_REPORTING_DSN || sentry) return Boolean(sentry);
  const Sentry = await import('@sentry/node');
  serviceTag = serviceName;
  Sentry.init({
    dsn: config.ERROR_REPORTING_DSN,
    environment: config.ERROR_REPORTING_ENVIRONMENT ?? config.NODE_ENV,
    serverName: serviceName,
    // errors only: the platform's OpenTelemetry SDK records and exports the traces (ADR 0020)
    skipOpenTelemetrySetup: true,
    registerEsmLoaderHooks: false,
    sendDefaultPii: false,
    sampleRate: 1,
    defaultIntegrations: false,
    integrations: [
      Sentry.inboundFiltersIntegration(),
      Sentry.linkedErrorsIntegration(),
      Sentry.functionToStringIntegration(),
      Sentry.contextLinesIntegration(),
      Sentry.nodeContextIntegration(),
      // report the crash; the process's own handlers (shutdown.ts, Node's default) still decide to exit
      Sentry.onUncaughtExceptionIntegration({ exitEvenIfOtherHandlersAreRegistered: false }),
      Sentry.onUnhandledRejectionIntegration({ mode: 'warn' }),
    ],
    initialScope: { tags: { service: serviceName } },
    beforeSend: (event) => scrubErrorReport(event),
    beforeBreadcrumb: (breadcrumb) => scrubErrorReport(breadcrumb),
  });
  sentry = Sentry;
  return true;
}

/** Reports an error with its context; does nothing when reporting is off. Never throws. */
export function reportError(error: unknown, context: ErrorContext = {}): void {
  const Sentry = sentry;
  if (!Sentry) return;
  try {
    const tags: Record<string, string> = { service: serviceTag };
    for (const [key, value] of Object.entries(context)) {
      if (typeof value === 'string' && value !== '') tags[key] = value;
    }
    if (!tags.role) tags.role = 'anonymous';
    const spanContext = trace.getActiveSpan()?.spanContext();
    Sentry.captureException(error, {
      tags,
      ...(spanContext && {
        contexts: { otel: { trace_id: spanContext.traceId, span_id: spanContext.spanId } },
      }),
    });
  } catch {
    // reporting must never turn one failure into two
  }
}

/** Sends what is queued (at shutdown), waiting at most `timeoutMs`. */
export async function flushErrorReporting(timeoutMs = 2_000): Promise<void> {
  const Sentry = sentry;
  if (!Sentry) return;
  sentry = undefined;
  await Sentry.close(timeoutMs).catch(() => false);
}

export const errorReportingActive = (): boolean => sentry !== undefined;

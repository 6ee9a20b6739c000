import type { ErrorReporter, ErrorReportingUser } from './error-reporting';
import type { ErrorReportingOptions } from './error-reporting-config';

/**
 * A minimal reporter that posts uncaught errors and unhandled rejections as JSON to the configured DSN
 * (an HTTPS collector endpoint), with the user context of SPEC §6. Loaded only through a dynamic import,
 * so its code is fetched only when a DSN is configured and analytics were chosen. Replay is not
 * implemented by this adapter; an SDK adapter receives the same options including the replay rates.
 */
export function createBeaconReporter(): ErrorReporter {
  let options: ErrorReportingOptions | null = null;
  let user: ErrorReportingUser = null;

  const send = (kind: string, error: unknown) => {
    if (!options) return;
    const err = error instanceof Error ? error : new Error(String(error));
    const body = JSON.stringify({
      kind,
      message: err.message,
      stack: err.stack ?? null,
      page: window.location.href,
      userAgent: navigator.userAgent,
      environment: options.environment,
      user,
      at: new Date().toISOString(),
    });
    if (!navigator.sendBeacon?.(options.dsn, body))
      void fetch(options.dsn, { method: 'POST', body, keepalive: true }).catch(() => undefined);
  };
  const onError = (event: ErrorEvent) => send('error', event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => send('unhandledrejection', event.reason);

  return {
    start(next) {
      options = next;
      window.addEventListener('error', onError);
      window.addEventListener('unhandledrejection', onRejection);
    },
    stop() {
      options = null;
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    },
    setUser(next) {
      user = next;
    },
  };
}

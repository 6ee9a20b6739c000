import type { ErrorReportingOptions } from './error-reporting-config';
import { ERROR_REPORTING_RATES } from './error-reporting-config';

/** SPEC §6: who was using the app when an error happened. */
export type ErrorReportingUser = { id: string; role: string; tenantId: string | null } | null;

/** What a loaded reporter (an SDK adapter) can do. */
export interface ErrorReporter {
  start(options: ErrorReportingOptions): void;
  stop(): void;
  setUser(user: ErrorReportingUser): void;
}

export interface ErrorReportingDeps {
  /** null → reporting is off for good: nothing is ever loaded */
  dsn: string | null;
  environment: string;
  /** loads the reporter code on demand (a dynamic import), so nothing is downloaded without consent */
  load: () => Promise<ErrorReporter>;
}

/**
 * Switches error reporting on and off as consent and the signed-in user change. The reporter is loaded at
 * most once, on the first consent with a DSN; withdrawing consent stops it.
 */
export function createErrorReporting(deps: ErrorReportingDeps) {
  let consented = false;
  let user: ErrorReportingUser = null;
  let reporter: ErrorReporter | null = null;
  let loading: Promise<ErrorReporter> | null = null;
  let running = false;

  async function sync(): Promise<void> {
    if (!deps.dsn) return;
    if (!consented) {
      if (running) reporter?.stop();
      running = false;
      return;
    }
    loading ??= deps.load();
    reporter = await loading;
    if (!consented) return;
    if (!running) {
      reporter.start({ ...ERROR_REPORTING_RATES, dsn: deps.dsn, environment: deps.environment });
      running = true;
    }
    reporter.setUser(user);
  }

  return {
    setConsent(analytics: boolean): Promise<void> {
      consented = analytics;
      return sync();
    },
    setUser(next: ErrorReportingUser): Promise<void> {
      user = next;
      return sync();
    },
    get active(): boolean {
      return running;
    },
  };
}
export type ErrorReporting = ReturnType<typeof createErrorReporting>;

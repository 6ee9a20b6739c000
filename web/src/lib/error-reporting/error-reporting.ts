import type { ErrorReportingOptions, ErrorReportingSettings } from './error-reporting-config';
import { ERROR_REPORTING_RATES } from './error-reporting-config';

/** SPEC §6: who was using the app when an error happened — a role and a tenant, never the person. */
export type ErrorReportingUser = { role: string; tenantId: string | null } | null;

/** What a loaded reporter (the SDK adapter) can do. */
export interface ErrorReporter {
  start(options: ErrorReportingOptions): void;
  stop(): void;
  setUser(user: ErrorReportingUser): void;
}

export interface ErrorReportingDeps {
  /** asks the gateway whether and where to report (once, after the first consent) */
  settings: () => Promise<ErrorReportingSettings>;
  /** loads the reporter code on demand (a dynamic import), so nothing is downloaded without consent */
  load: () => Promise<ErrorReporter>;
}

/**
 * Switches error reporting on and off as consent and the signed-in user change. Nothing happens before the
 * first consent; then the settings are asked for once, and without a DSN reporting stays off for good. The
 * reporter is loaded at most once; withdrawing consent stops it. A failure to ask or to load leaves
 * reporting off (the app works the same without it) and is tried again at the next consent.
 */
export function createErrorReporting(deps: ErrorReportingDeps) {
  let consented = false;
  let user: ErrorReportingUser = null;
  let settings: Promise<ErrorReportingSettings> | null = null;
  let loading: Promise<ErrorReporter> | null = null;
  let reporter: ErrorReporter | null = null;
  let running = false;

  async function sync(): Promise<void> {
    if (!consented) {
      if (running) reporter?.stop();
      running = false;
      return;
    }
    let answer: ErrorReportingSettings;
    try {
      settings ??= deps.settings();
      answer = await settings;
    } catch {
      settings = null;
      return;
    }
    if (!answer.dsn) return;
    try {
      loading ??= deps.load();
      reporter = await loading;
    } catch {
      loading = null;
      return;
    }
    if (!consented) return;
    if (!running) {
      reporter.start({ ...ERROR_REPORTING_RATES, ...answer, dsn: answer.dsn });
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

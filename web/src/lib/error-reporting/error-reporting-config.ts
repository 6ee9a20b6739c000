/**
 * SPEC §9 error reporting, in one place. Reporting runs only when the deployment configured a DSN for the
 * browser (ERROR_REPORTING_BROWSER_DSN on the gateway, asked for at run time) AND the person has chosen
 * analytics cookies (SPEC §4); otherwise the SDK is never loaded and nothing is sent (ADR 0024).
 */
export const ERROR_REPORTING_RATES = {
  /** share of page loads / navigations whose performance traces are sent */
  tracesSampleRate: 0.5,
  /** share of sessions recorded as a replay from the start */
  replaysSessionSampleRate: 0.1,
  /** share of sessions whose replay is kept when an error happens */
  replaysOnErrorSampleRate: 0.5,
  /** replays shorter than this are dropped */
  replayMinimumDurationMs: 5_000,
  /** a replay stops after this long */
  replayMaximumDurationMs: 60 * 60 * 1_000,
} as const;

/** What the gateway says about this deployment's error reporting (GET /api/v1/monitoring/error-reporting). */
export interface ErrorReportingSettings {
  /** null: reporting is off here */
  dsn: string | null;
  environment: string;
  /** the gateway's envelope tunnel (same origin) */
  tunnel: string;
}

export type ErrorReportingOptions = typeof ERROR_REPORTING_RATES & {
  dsn: string;
  environment: string;
  tunnel: string;
};

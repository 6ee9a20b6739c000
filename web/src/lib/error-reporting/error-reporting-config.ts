/**
 * SPEC §9 error reporting, in one place. Reporting runs only when a DSN is configured at build time
 * (`VITE_ERROR_REPORTING_DSN`) AND the person has chosen analytics cookies (SPEC §4); otherwise nothing is
 * loaded and nothing is sent.
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

export type ErrorReportingOptions = typeof ERROR_REPORTING_RATES & {
  dsn: string;
  environment: string;
};

/** The configured DSN, or null (the default: reporting off). */
export function configuredDsn(
  env: Record<string, unknown> = import.meta.env as Record<string, unknown>,
): string | null {
  const value = env['VITE_ERROR_REPORTING_DSN'];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** SPEC §9: the maintenance status is polled every 30 seconds. */
export const MAINTENANCE_POLL_INTERVAL_MS = 30_000;
/**
 * The maintenance status call, under the API's base (lib/api/api-base.ts). A module without schemas or the API client: the landing page
 * polls the status before the app has loaded (start-when-needed.ts).
 */
export const MAINTENANCE_STATUS_PATH = '/maintenance/status';

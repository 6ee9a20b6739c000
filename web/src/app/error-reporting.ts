import { authStore } from '../features/auth/stores/auth-store-instance';
import { consentStore } from '../features/cookie-consent/stores/consent-store-instance';
import { createErrorReporting } from '../lib/error-reporting/error-reporting';
import { configuredDsn } from '../lib/error-reporting/error-reporting-config';

/**
 * SPEC §4/§6/§9 wiring: error reporting follows the analytics consent and carries the signed-in user's
 * role and tenantId. Without VITE_ERROR_REPORTING_DSN nothing is loaded (the reporter is a separate chunk).
 */
export function startErrorReporting(): () => void {
  const reporting = createErrorReporting({
    dsn: configuredDsn(),
    environment: import.meta.env.MODE,
    load: async () => (await import('../lib/error-reporting/beacon-reporter')).createBeaconReporter(),
  });
  const syncConsent = () =>
    void reporting.setConsent(consentStore.getState().preferences?.analytics === true);
  const syncUser = () => {
    const user = authStore.getState().user;
    void reporting.setUser(user ? { id: user.id, role: user.role, tenantId: user.tenantId ?? null } : null);
  };
  syncConsent();
  syncUser();
  const stopConsent = consentStore.subscribe(syncConsent);
  const stopAuth = authStore.subscribe(syncUser);
  return () => {
    stopConsent();
    stopAuth();
  };
}

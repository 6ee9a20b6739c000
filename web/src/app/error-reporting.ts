import { getErrorReportingConfig } from '@punkto/contracts/endpoints/platform';
import { authStore } from '../features/auth/stores/auth-store-instance';
import { consentStore } from '../features/cookie-consent/stores/consent-store-instance';
import { api } from '../lib/api/api-client';
import { createErrorReporting } from '../lib/error-reporting/error-reporting';

/**
 * SPEC §4/§6/§9 wiring: error reporting follows the analytics consent and carries the signed-in user's
 * role and tenantId. Before consent nothing is asked or loaded; after it, the gateway says whether this
 * deployment reports errors (ERROR_REPORTING_BROWSER_DSN), and only then is the SDK (a separate chunk)
 * downloaded (ADR 0024).
 */
export function startErrorReporting(): () => void {
  const reporting = createErrorReporting({
    settings: () => api.call(getErrorReportingConfig, { redirectOnAuthFailure: false }),
    load: async () => (await import('../lib/error-reporting/sentry-reporter')).createSentryReporter(),
  });
  const syncConsent = () =>
    void reporting.setConsent(consentStore.getState().preferences?.analytics === true);
  const syncUser = () => {
    const user = authStore.getState().user;
    void reporting.setUser(user ? { role: user.role, tenantId: user.tenantId ?? null } : null);
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

import type { QueryClient } from '@tanstack/react-query';
import { checkTenantConfigured } from '../api/tenant-setup';
import type { AuthUser } from '../types';
import {
  createTenantRedirectMemory,
  decideTenantSetup,
  type GuardDecision,
  type TenantConfigured,
} from './guards';

function browserSessionStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

const redirectMemory = createTenantRedirectMemory(browserSessionStorage());

/**
 * SPEC §2/§4 tenant setup for a business user on `pathname`: tenant-configured → validate-tenant →
 * /uzupelnij-konto, at most once per path. A tenant service that cannot answer does not lock the panel.
 */
export async function tenantSetupDecision(
  queryClient: QueryClient,
  user: AuthUser,
  pathname: string,
): Promise<GuardDecision> {
  const configured = await tenantConfigured(queryClient, user);
  const decision = decideTenantSetup({ user, configured, alreadyRedirected: redirectMemory.has(pathname) });
  if (decision.type === 'redirect') redirectMemory.remember(pathname);
  return decision;
}

/**
 * Whether the user's company is configured (`'unknown'` when the tenant service cannot answer or the device is
 * offline, ADR 0049), kept a minute in the query cache: asked by the guard, and started earlier by the app's start
 * as soon as the profile names the company (main.tsx), so the guard finds it answered or on its way.
 */
export async function tenantConfigured(
  queryClient: QueryClient,
  user: AuthUser,
): Promise<TenantConfigured | undefined> {
  // without a connection (the scanner reloaded offline, ADR 0049) the answer can only be "unknown", after the
  // call's retries: the panel opens at once, as it does when the tenant service cannot answer
  if (user.tenantId && typeof navigator !== 'undefined' && !navigator.onLine) return 'unknown';
  if (!user.tenantId) return undefined;
  const tenantId = user.tenantId;
  return queryClient.fetchQuery({
    queryKey: ['tenants', tenantId, 'configured'],
    queryFn: (): Promise<TenantConfigured> =>
      checkTenantConfigured(tenantId).then(
        (answer) => {
          // the same answer with what is missing is the panel's checklist (its key is one level below this
          // one, features/panel/shell/api/tenant-configured.ts): the start page shows it without asking again
          queryClient.setQueryData(['tenants', tenantId, 'configured', 'details'], answer);
          return answer.configured;
        },
        () => 'unknown' as const,
      ),
    staleTime: 60_000,
  });
}

import type { Permission } from '@punkto/contracts/permissions';
import type { QueryClient } from '@tanstack/react-query';
import type { RouterContext } from '../../../../app/router-context';
import { canAccess } from './permissions';

type EnsureOptions = Parameters<QueryClient['ensureQueryData']>[0];
/** what queryOptions(…) returns, of any data type */
type AnyQueryOptions = { queryKey: readonly unknown[] };

/**
 * The route loader of a panel section (TanStack Router's loader + TanStack Query's queryOptions): for a staff
 * member who holds `permission` in a registered company it fetches the section's queries before the page
 * renders, so the page reads them with useSuspenseQuery and has no loading branch of its own; a failure is the
 * route's errorComponent. For anyone else it fetches nothing: the section's gate shows „Brak dostępu” or asks
 * for the company first.
 */
export async function loadSection(
  context: RouterContext,
  permission: Permission | undefined,
  queries: (tenantId: string) => readonly AnyQueryOptions[],
): Promise<void> {
  const { user } = await context.auth.ensureReady();
  if (!user?.tenantId || !canAccess(user, permission)) return;
  await Promise.all(
    queries(user.tenantId).map((options) => context.queryClient.ensureQueryData(options as EnsureOptions)),
  );
}

import type { Permission } from '@punkto/contracts/permissions';
import type { QueryClient } from '@tanstack/react-query';
import type { RouterContext } from '../../../../app/router-context';
import { tenantQueryOptions } from '../../../../lib/queries/tenant';
import { subscriptionQueryOptions } from '../../subscription/api/subscription';
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

/** What the panel's frame shows above every section: the company's name and the subscription (its banner). */
const frameQueries = (tenantId: string) => [tenantQueryOptions(tenantId), subscriptionQueryOptions(tenantId)];

/**
 * Fetches the panel frame's data that is not cached yet; never rejects (a failure is left to the frame, as
 * before: the name's own state, no banner). A fetch already under way is joined, not repeated.
 */
export async function fetchPanelFrame(queryClient: QueryClient, tenantId: string): Promise<void> {
  await Promise.all(
    frameQueries(tenantId).map((options) =>
      queryClient.ensureQueryData(options as EnsureOptions).catch(() => undefined),
    ),
  );
}

/**
 * The loader of the panel's frame: the company's name and the subscription are fetched with the route's code,
 * before the frame first paints, instead of after it: when they came later, the name's skeleton and the banner
 * pushed the whole section down (a layout shift of 0.08–0.4 on a phone). The business guard has started them
 * already, beside its tenant check. What is cached is not asked again (a navigation inside the panel does not
 * wait).
 */
export async function loadPanelFrame(context: RouterContext): Promise<void> {
  const { user } = await context.auth.ensureReady();
  if (!user?.tenantId) return;
  const frame = fetchPanelFrame(context.queryClient, user.tenantId);
  // Without a connection (a reload of the scanner offline, ADR 0049) the frame does not wait for calls that can
  // only fail, after their retries: it shows at once, with the name's own state.
  if (isOnline()) await frame;
}

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine;

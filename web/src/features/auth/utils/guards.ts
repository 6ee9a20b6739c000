import { Roles, type Role } from '@punkto/contracts/permissions';
import type { AuthState, AuthUser } from '../types';

/**
 * SPEC §2 guards as pure decisions. The route files (`routes/_business.tsx`, `_customer.tsx`,
 * `_authenticated.tsx`) wait for `auth.ensureReady()` (spinner), then act on these.
 */
export type GuardDecision =
  { type: 'allow' } | { type: 'redirect'; to: string; search?: Record<string, string> | undefined };

const allow: GuardDecision = { type: 'allow' };
const redirectTo = (to: string, search?: Record<string, string>): GuardDecision => ({
  type: 'redirect',
  to,
  search,
});

export const BUSINESS_ROLES: readonly Role[] = [Roles.owner, Roles.employee];
export const isBusinessUser = (user: AuthUser | null) => !!user && BUSINESS_ROLES.includes(user.role);
export const isCustomer = (user: AuthUser | null) => user?.role === Roles.customer;

export const BUSINESS_HOME = '/panel';

/**
 * The company whose panel frame the page at `pathname` shows to `user`: a business user's company on a page of the
 * panel, else null. The start (main.tsx) and the business guard ask for the frame's data by it.
 */
export function panelFrameCompany(user: AuthUser | null, pathname: string): string | null {
  return pathname.startsWith(BUSINESS_HOME) && isBusinessUser(user) ? (user?.tenantId ?? null) : null;
}
export const CUSTOMER_HOME = '/klient';
export const TENANT_SETUP_PATH = '/uzupelnij-konto';
/** The public enrolment page (SPEC §2 "add card to wallet"): a customer logs in there and comes back to join. */
export const JOIN_PAGE_PATH = '/dodaj-karte-do-portfela';

/** The area of a role: business → /panel, customer → /klient (operators have no area in the SPA yet). */
export function homeOf(user: AuthUser): string {
  if (isBusinessUser(user)) return BUSINESS_HOME;
  if (isCustomer(user)) return CUSTOMER_HOME;
  return '/';
}

/** A same-origin path (not `//host`, not a URL) that is safe to navigate to after login. */
export function safeRedirect(target: string | undefined): string | undefined {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return undefined;
  }
  return target;
}

/**
 * Where a person goes after logging in: a business user to the remembered page (or /panel), a customer
 * to a remembered page inside /klient or back to the enrolment page (or /klient). The role decides, not
 * the login variant.
 */
export function afterLoginPath(user: AuthUser, redirect?: string): string {
  const target = safeRedirect(redirect);
  const home = homeOf(user);
  if (!target || home === '/') return home;
  const pathname = target.split(/[?#]/, 1)[0] ?? target;
  if (isCustomer(user))
    return pathname === CUSTOMER_HOME ||
      pathname.startsWith(`${CUSTOMER_HOME}/`) ||
      pathname === JOIN_PAGE_PATH
      ? target
      : home;
  const customerArea = pathname === CUSTOMER_HOME || pathname.startsWith(`${CUSTOMER_HOME}/`);
  return customerArea ? home : target;
}

/** Business area: business_owner or employee; anonymous → /zaloguj?redirect=<origin>; a customer → /klient. */
export function decideBusinessAccess(state: AuthState, href: string): GuardDecision {
  const { user } = state;
  if (!user) return redirectTo('/zaloguj', { redirect: href });
  if (isBusinessUser(user)) return allow;
  return redirectTo(homeOf(user));
}

/**
 * Customer area: customer only; anonymous → the CUSTOMER login (never the business one) with the page asked
 * for, so a link into the portal comes back there after logging in; a business user → /panel.
 */
export function decideCustomerAccess(state: AuthState, href?: string): GuardDecision {
  const { user } = state;
  if (!user)
    return redirectTo('/zaloguj', href ? { type: 'customer', redirect: href } : { type: 'customer' });
  if (isCustomer(user)) return allow;
  return redirectTo(homeOf(user));
}

/** Subscription pages and the multi-step signup: any signed-in person. */
export function decideAuthenticatedOnly(state: AuthState, href: string): GuardDecision {
  return state.user ? allow : redirectTo('/zaloguj', { redirect: href });
}

/** `'unknown'`: the tenant service could not answer; the panel stays open rather than locking people out. */
export type TenantConfigured = boolean | 'unknown';

/**
 * Tenant setup (SPEC §2, §4): a business user needs a tenantId and a configured tenant, otherwise they go to
 * /uzupelnij-konto — at most once per path (`alreadyRedirected` from the redirect memory).
 */
export function decideTenantSetup(input: {
  user: AuthUser;
  configured: TenantConfigured | undefined;
  alreadyRedirected: boolean;
}): GuardDecision {
  const ready = input.user.tenantId ? input.configured !== false : false;
  if (ready || input.alreadyRedirected) return allow;
  return redirectTo(TENANT_SETUP_PATH);
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;
const MEMORY_KEY = 'punkto.tenant-setup-redirects';

/** Paths already sent to /uzupelnij-konto in this browser session (sessionStorage). */
export function createTenantRedirectMemory(storage: StorageLike | undefined) {
  const read = (): string[] => {
    try {
      const value = JSON.parse(storage?.getItem(MEMORY_KEY) ?? '[]') as unknown;
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    } catch {
      return [];
    }
  };
  let fallback: string[] = [];
  return {
    has: (pathname: string) => read().includes(pathname) || fallback.includes(pathname),
    remember(pathname: string) {
      const paths = [...new Set([...read(), pathname])];
      fallback = paths;
      try {
        storage?.setItem(MEMORY_KEY, JSON.stringify(paths));
      } catch {
        // storage blocked: the in-memory copy still prevents a loop in this page
      }
    },
  };
}

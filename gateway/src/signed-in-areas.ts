import { parseCookie } from 'cookie';
import { SESSION_HINT_COOKIE } from '@punkto/contracts/session-hint';
import FindMyWay from 'find-my-way';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { APP_ROUTES_FILE, routerPath } from './public-site';

/**
 * A visitor without a session who opens a page of a signed-in area (the panel, the portal, the sign-up steps) is
 * sent to the login page by the gateway, at once (ADR 0063): before, the browser loaded the whole app (about
 * 300 kB of start-up code on a phone, LCP 3.1–3.3 s) only for the area's guard to send it there. The gateway
 * decides exactly as the guards do (web/src/features/auth/utils/guards.ts), from what the app itself knows:
 * - the session hint cookie (`punkto_session`, contracts/src/session-hint.ts) lives exactly as long as the
 *   session; without it the app settles as signed out without asking anybody, and so does the gateway;
 * - which pages belong to which area comes from the build (routes.json's `signedIn`, listed from the router);
 * - where to: `/zaloguj?redirect=<page>`, the customer's area to `/zaloguj?type=customer&redirect=<page>`.
 * With the hint, the app starts as before (the session may still have ended: its guard then does the same).
 */
export type SignedInArea = 'business' | 'customer' | 'authenticated';

type ListedAreas = Partial<Record<SignedInArea, string[]>>;

/** The area of a path (`/panel/klienci/abc` → business), or undefined; undefined too for a build without the list. */
export function signedInAreaMatcher(
  distDir: string,
): ((path: string) => SignedInArea | undefined) | undefined {
  const file = resolve(distDir, APP_ROUTES_FILE);
  if (!existsSync(file)) return undefined;
  const listed = (JSON.parse(readFileSync(file, 'utf8')) as { signedIn?: ListedAreas }).signedIn;
  if (!listed) return undefined;
  // the areas' pages in Fastify's own router, as the app's route list is matched (public-site.ts)
  const router = FindMyWay({ ignoreTrailingSlash: true });
  for (const area of ['business', 'customer', 'authenticated'] as const)
    for (const path of new Set((listed[area] ?? []).map(routerPath)))
      router.on('GET', path, () => undefined, { area });
  return (path) => (router.find('GET', path)?.store as { area: SignedInArea } | undefined)?.area;
}

/** Whether the request's cookies may hold a session (the hint the app reads too). */
export function mayHaveSession(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return parseCookie(cookieHeader)[SESSION_HINT_COOKIE] !== undefined;
}

/** The login page the area's guard sends a signed-out visitor to, remembering the page (path and query) asked for. */
export function loginHref(area: SignedInArea, page: string): string {
  const search = new URLSearchParams(
    area === 'customer' ? { type: 'customer', redirect: page } : { redirect: page },
  );
  return `/zaloguj?${search.toString()}`;
}

import { SESSION_HINT_COOKIE } from '@punkto/contracts/session-hint';

/**
 * Whether this browser may hold a session: the identity service sets a readable hint cookie next to the
 * httpOnly session cookies, and clears it with them. Without it there is nothing to load.
 */
export function mayHaveSession(cookies: string = globalThis.document?.cookie ?? ''): boolean {
  return cookies.split(';').some((cookie) => cookie.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}

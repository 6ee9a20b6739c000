import { SESSION_HINT_COOKIE } from '@punkto/contracts/session-hint';
import { readCookieValue } from '../../../lib/cookies';

/**
 * Whether this browser may hold a session: the identity service sets a readable hint cookie next to the
 * httpOnly session cookies, and clears it with them. Without it there is nothing to load.
 */
export function mayHaveSession(cookies: string = globalThis.document?.cookie ?? ''): boolean {
  return readCookieValue(cookies, SESSION_HINT_COOKIE) !== null;
}

import { SessionResponse } from '@punkto/contracts/session';
import { api } from '../../../lib/api/api-client';

/**
 * GET /users/refresh through the API client's shared refresh (one in flight for the whole app).
 * Resolves with the response body; a failure redirects to the login page (SPEC §8).
 */
export function refreshSession(): Promise<unknown> {
  return api.refreshSession();
}

/** The refresh body, when it is a SessionResponse (profile + access token expiry). */
export function parseSession(body: unknown): SessionResponse | undefined {
  const result = SessionResponse.safeParse(body);
  return result.success ? result.data : undefined;
}

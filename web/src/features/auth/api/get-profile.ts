import { me } from '@punkto/contracts/endpoints/session';
import type { UserProfile } from '@punkto/contracts/session';
import { api } from '../../../lib/api/api-client';

/**
 * GET /users/me. A 401 is healed by the shared refresh; when that fails too the person is simply
 * unauthenticated: this call never redirects (it runs on public pages as well).
 */
export function getProfile(): Promise<UserProfile> {
  return api.call(me, { redirectOnAuthFailure: false });
}

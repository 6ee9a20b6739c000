import type { UserProfile } from '@punkto/contracts/identity';
import * as endpoints from '@punkto/contracts/endpoints/identity';
import { api } from '../../../lib/api/api-client';

/**
 * GET /users/me. A 401 is healed by the shared refresh; when that fails too the person is simply
 * unauthenticated: this call never redirects (it runs on public pages as well).
 */
export function getProfile(): Promise<UserProfile> {
  return api.call(endpoints.me, { redirectOnAuthFailure: false });
}

import { UserProfile } from '@punkto/contracts/identity';
import { api } from '../../../lib/api/api-client';

/**
 * GET /users/me. A 401 is healed by the shared refresh; when that fails too the person is simply
 * unauthenticated: this call never redirects (it runs on public pages as well).
 */
export function getProfile(): Promise<UserProfile> {
  return api.get('/users/me', { schema: UserProfile, redirectOnAuthFailure: false });
}

import type { UserProfile } from '@punkto/contracts/identity';

/** SPEC §4: the nine auth statuses. */
export const AUTH_STATUSES = [
  'idle',
  'login_pending',
  'register_pending',
  'profile_loading',
  'logout_pending',
  'refresh_pending',
  'succeeded',
  'failed',
  'unauthenticated',
] as const;
export type AuthStatus = (typeof AUTH_STATUSES)[number];

/** SPEC §3: the profile of GET /users/me. */
export type AuthUser = UserProfile;

/** SPEC §3 auth state. Times are epoch milliseconds. */
export type AuthState = {
  user: AuthUser | null;
  status: AuthStatus;
  error: string | null;
  registeredUserId: string | null;
  lastLoadedAt: number | null;
  lastRefreshedAt: number | null;
  isRefreshing: boolean;
};

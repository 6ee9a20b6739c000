/**
 * Placeholder shapes of SPEC §3/§4 for the router context. The identity issue fills them in
 * (auth state machine, profile query, refresh timing); nothing here logs anyone in.
 */

export type AuthStatus =
  | 'idle'
  | 'login_pending'
  | 'register_pending'
  | 'profile_loading'
  | 'logout_pending'
  | 'refresh_pending'
  | 'succeeded'
  | 'failed'
  | 'unauthenticated';

export type AuthUser = {
  id: string;
  email: string;
  tenantId?: string | undefined;
  role: string;
  username: string;
};

export type AuthState = {
  user: AuthUser | null;
  status: AuthStatus;
  error: string | null;
  registeredUserId: string | null;
  lastLoadedAt: number | null;
  lastRefreshedAt: number | null;
  isRefreshing: boolean;
};

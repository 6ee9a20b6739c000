import type { LoginRequest, RegisterRequest, SessionResponse } from '@punkto/contracts/identity';
import type { AuthState, AuthUser } from '../types';
import {
  authReducer,
  initialAuthState,
  isAuthSettled,
  isNetworkError,
  isUnauthenticatedError,
  type AuthEvent,
} from './auth-reducer';
import type { LastProfileStorage } from './last-profile-storage';
import { createRefreshScheduler, type RefreshSchedulerDeps, type SessionTiming } from './refresh-scheduler';

/** The identity calls the store makes (real ones in features/auth/api, fakes in tests). */
export type AuthGateway = {
  login(body: LoginRequest): Promise<SessionResponse>;
  register(body: RegisterRequest): Promise<{ userId: string }>;
  getProfile(): Promise<AuthUser>;
  logout(): Promise<void>;
  /** the shared refresh; resolves with the response body */
  refresh(): Promise<unknown>;
  /** a SessionResponse out of a refresh body, when it is one */
  parseSession(body: unknown): SessionResponse | undefined;
  /** whether the browser may hold a session (the identity service's session-hint cookie is there) */
  mayHaveSession(): boolean;
};

/** Where the session timing survives a page load (and is shared by the tabs). */
export type SessionTimingStorage = {
  load(): SessionTiming | null;
  save(timing: SessionTiming): void;
  clear(): void;
};

export type AuthStoreDeps = {
  gateway: AuthGateway;
  storage: SessionTimingStorage;
  /** the person signed out (or the server ended the account): forget what this device cached for them */
  onSignedOut?: () => void;
  /** the last profile, for a start without a connection (ADR 0049); without it such a start fails as before */
  lastProfile?: LastProfileStorage;
  /** a profile restored offline turned out, once online, to belong to a session that has ended */
  onRestoredSessionEnded?: () => void;
  now?: () => number;
  timers?: RefreshSchedulerDeps['timers'];
};

export type AuthStore = ReturnType<typeof createAuthStore>;

/**
 * The SPEC §4 state machine (authReducer) plus its effects: the calls, the automatic profile load while
 * idle, and the SPEC §9 refresh schedule. Framework-free: React reads it with useSyncExternalStore and
 * the router gets it as `context.auth`.
 */
export function createAuthStore(deps: AuthStoreDeps) {
  const now = deps.now ?? (() => Date.now());
  const { gateway, storage } = deps;
  const stored = storage.load();
  let state: AuthState = { ...initialAuthState, lastRefreshedAt: stored?.lastRefreshedAt ?? null };
  let accessTokenExpiresAt: number | null = stored?.accessTokenExpiresAt ?? null;
  const listeners = new Set<() => void>();
  let waiters: Array<(state: AuthState) => void> = [];
  let profileInFlight: Promise<AuthUser | null> | undefined;
  /** the user in the state is the kept profile, not yet confirmed by the server */
  let restored = false;

  const scheduler = createRefreshScheduler({ refresh: () => void refresh(), now, timers: deps.timers });

  function dispatch(event: AuthEvent) {
    state = authReducer(state, event);
    for (const listener of listeners) listener();
    if (isAuthSettled(state)) {
      const settled = waiters;
      waiters = [];
      for (const resolve of settled) resolve(state);
    }
    // SPEC §4: the profile is fetched automatically when the status is idle.
    if (state.status === 'idle') queueMicrotask(() => state.status === 'idle' && void loadProfile());
  }

  function timing(): SessionTiming {
    return { lastRefreshedAt: state.lastRefreshedAt, accessTokenExpiresAt };
  }

  function sessionStarted(at: number, session: SessionResponse | undefined) {
    if (session) accessTokenExpiresAt = Date.parse(session.accessTokenExpiresAt);
    storage.save({ lastRefreshedAt: at, accessTokenExpiresAt });
  }

  function sessionEnded() {
    scheduler.stop();
    storage.clear();
    deps.lastProfile?.clear();
    restored = false;
    accessTokenExpiresAt = null;
  }

  function loadProfile(): Promise<AuthUser | null> {
    // No session in this browser (e.g. a first visit): settled at once, without a profile call that could
    // only answer 401 (and a refresh that could only fail after it).
    if (!profileInFlight && !gateway.mayHaveSession()) {
      sessionEnded();
      dispatch({ type: 'session/absent' });
      return Promise.resolve(null);
    }
    profileInFlight ??= (async () => {
      dispatch({ type: 'profile/started' });
      try {
        const user = await gateway.getProfile();
        profileLoaded(user);
        return user;
      } catch (error) {
        // no connection at the start: the person this browser's session belongs to, as last seen (ADR 0049)
        const kept = isNetworkError(error) && !state.user ? deps.lastProfile?.load() : null;
        if (kept) {
          restored = true;
          dispatch({ type: 'profile/restored', user: kept });
          return kept;
        }
        dispatch({ type: 'profile/failed', error });
        if (isUnauthenticatedError(error)) sessionEnded();
        return state.user;
      } finally {
        profileInFlight = undefined;
      }
    })();
    return profileInFlight;
  }

  function profileLoaded(user: AuthUser) {
    restored = false;
    dispatch({ type: 'profile/succeeded', user, at: now() });
    deps.lastProfile?.save(user);
    scheduler.schedule(timing());
  }

  /**
   * The connection is back: a profile restored offline is asked for again. The server's answer replaces it (a
   * change of name or permissions made meanwhile); a session the server no longer knows ends here.
   */
  async function confirmRestoredProfile(): Promise<void> {
    if (!restored || profileInFlight) return;
    try {
      profileLoaded(await gateway.getProfile());
    } catch (error) {
      if (!isUnauthenticatedError(error)) return; // still offline, or a failure: stays, tried at the next `online`
      sessionEnded();
      dispatch({ type: 'session/expired' });
      deps.onRestoredSessionEnded?.();
    }
  }

  /** Login success loads the profile, then succeeded (SPEC §4). Rejects with the server's error. */
  async function login(body: LoginRequest): Promise<AuthUser | null> {
    dispatch({ type: 'login/started' });
    let session: SessionResponse;
    try {
      session = await gateway.login(body);
    } catch (error) {
      dispatch({ type: 'login/failed', error });
      throw error;
    }
    const at = now();
    // a new sign-in: whoever was kept before must not stand in for this person
    deps.lastProfile?.clear();
    sessionStarted(at, session);
    dispatch({ type: 'login/succeeded', at });
    return loadProfile();
  }

  async function register(body: RegisterRequest): Promise<string> {
    dispatch({ type: 'register/started' });
    try {
      const { userId } = await gateway.register(body);
      dispatch({ type: 'register/succeeded', userId });
      return userId;
    } catch (error) {
      dispatch({ type: 'register/failed', error });
      throw error;
    }
  }

  async function logout(): Promise<void> {
    dispatch({ type: 'logout/started' });
    try {
      await gateway.logout();
    } catch (error) {
      dispatch({ type: 'logout/failed', error });
      throw error;
    }
    sessionEnded();
    deps.onSignedOut?.();
    dispatch({ type: 'logout/succeeded' });
  }

  /** The server already ended the session (e.g. the account was deleted): forget it locally. */
  function signedOut() {
    sessionEnded();
    deps.onSignedOut?.();
    dispatch({ type: 'logout/succeeded' });
  }

  function sessionRefreshed(body: unknown) {
    const session = gateway.parseSession(body);
    const at = now();
    sessionStarted(at, session);
    dispatch({ type: 'refresh/succeeded', at, user: session?.user });
    if (session?.user) deps.lastProfile?.save(session.user);
    if (state.user) scheduler.schedule(timing());
  }

  async function refresh(): Promise<void> {
    if (state.isRefreshing) return;
    dispatch({ type: 'refresh/started' });
    let body: unknown;
    try {
      body = await gateway.refresh();
    } catch (error) {
      dispatch({ type: 'refresh/failed', error });
      if (isUnauthenticatedError(error)) sessionEnded();
      else scheduler.retryLater();
      return;
    }
    sessionRefreshed(body);
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Resolves once it is known who the person is (guards show a spinner meanwhile, SPEC §2). */
    ensureReady(): Promise<AuthState> {
      if (state.status === 'idle') void loadProfile();
      if (isAuthSettled(state)) return Promise.resolve(state);
      return new Promise((resolve) => waiters.push(resolve));
    },
    loadProfile,
    login,
    register,
    logout,
    signedOut,
    refresh,
    userUpdated(user: AuthUser) {
      dispatch({ type: 'user/updated', user });
      deps.lastProfile?.save(user);
    },
    confirmRestoredProfile,
    clearError: () => dispatch({ type: 'error/cleared' }),
    /** A refresh that happened elsewhere (the API client healing a 401). */
    onExternalRefresh(body: unknown) {
      if (!state.isRefreshing) sessionRefreshed(body);
    },
    /** The API client could not heal a 401 (SPEC §8). */
    onAuthFailure() {
      sessionEnded();
      dispatch({ type: 'session/expired' });
    },
    /** Tab visible / focused again: refresh at once when the last one is older than 25 min (SPEC §9). */
    checkSessionFreshness() {
      if (state.user) scheduler.checkOverdue();
    },
  };
}

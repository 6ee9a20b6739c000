import { ErrorCodes } from '@punkto/contracts/errors';
import { NETWORK_ERROR_CODE } from '../../../lib/api/api-errors';
import type { AuthState, AuthUser } from '../types';

/** SPEC §4 messages, exactly. */
export const LOGIN_FAILED_MESSAGE = 'Logowanie nie powiodło się';
export const REGISTER_FAILED_MESSAGE = 'Błąd podczas rejestracji';
export const LOGOUT_FAILED_MESSAGE = 'Błąd podczas wylogowywania';
export const REFRESH_FAILED_MESSAGE = 'Odświeżanie sesji nie powiodło się';
/** Not given by the spec: a profile call that failed for a reason other than 401. */
export const PROFILE_FAILED_MESSAGE = 'Nie udało się pobrać profilu';

export type AuthEvent =
  | { type: 'login/started' }
  | { type: 'login/succeeded'; at: number }
  | { type: 'login/failed'; error: unknown }
  | { type: 'register/started' }
  | { type: 'register/succeeded'; userId: string }
  | { type: 'register/failed'; error: unknown }
  | { type: 'profile/started' }
  | { type: 'profile/succeeded'; user: AuthUser; at: number }
  | { type: 'profile/failed'; error: unknown }
  /**
   * The profile call could not reach the server at the app's start: the person's last profile as this browser
   * kept it (ADR 0049), so the scanner opens offline; loaded again from the server when the connection returns.
   */
  | { type: 'profile/restored'; user: AuthUser }
  | { type: 'logout/started' }
  | { type: 'logout/succeeded' }
  | { type: 'logout/failed'; error: unknown }
  | { type: 'refresh/started' }
  /** `user` is absent when the refresh body carried no profile. */
  | { type: 'refresh/succeeded'; at: number; user?: AuthUser | undefined }
  | { type: 'refresh/failed'; error: unknown }
  /** The API client could not heal a 401 (SPEC §8): the session is gone. */
  | { type: 'session/expired' }
  /** The browser holds no session at all (no session-hint cookie): nothing to load. */
  | { type: 'session/absent' }
  | { type: 'user/updated'; user: AuthUser }
  | { type: 'error/cleared' };

export const initialAuthState: AuthState = {
  user: null,
  status: 'idle',
  error: null,
  registeredUserId: null,
  lastLoadedAt: null,
  lastRefreshedAt: null,
  isRefreshing: false,
};

type ErrorLike = { status?: unknown; code?: unknown; localizedMessage?: unknown };

function asErrorLike(error: unknown): ErrorLike {
  return typeof error === 'object' && error !== null ? (error as ErrorLike) : {};
}

/** The server's Polish message, when it sent one. */
export function localizedMessageOf(error: unknown): string | undefined {
  const { localizedMessage } = asErrorLike(error);
  return typeof localizedMessage === 'string' && localizedMessage.length > 0 ? localizedMessage : undefined;
}

/** fetch itself failed (no connection): the API client's NetworkApiError, not an answer of the server. */
export function isNetworkError(error: unknown): boolean {
  const { status, code } = asErrorLike(error);
  return status === 0 && code === NETWORK_ERROR_CODE;
}

/** A 401 (or its codes): the session does not exist or cannot be renewed. */
export function isUnauthenticatedError(error: unknown): boolean {
  const { status, code } = asErrorLike(error);
  return status === 401 || code === ErrorCodes.unauthenticated || code === ErrorCodes.refreshFailed;
}

const signedOut = (state: AuthState): AuthState => ({
  ...state,
  user: null,
  lastLoadedAt: null,
  lastRefreshedAt: null,
  isRefreshing: false,
});

/** SPEC §4 auth state machine: pure, no IO, the clock comes in the events. */
export function authReducer(state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case 'login/started':
      return { ...state, status: 'login_pending', error: null };
    case 'login/succeeded':
      // The profile is loaded next (profile/started), then succeeded. A new session: who it belongs to comes with
      // its profile, never from before it (a profile restored offline, ADR 0049).
      return {
        ...state,
        status: 'profile_loading',
        error: null,
        user: null,
        lastLoadedAt: null,
        lastRefreshedAt: event.at,
      };
    case 'login/failed':
      return {
        ...signedOut(state),
        status: 'failed',
        error: localizedMessageOf(event.error) ?? LOGIN_FAILED_MESSAGE,
      };

    case 'register/started':
      return { ...state, status: 'register_pending', error: null, registeredUserId: null };
    case 'register/succeeded':
      // Registration does not sign in (the account must be activated first).
      return {
        ...state,
        status: state.user ? 'succeeded' : 'unauthenticated',
        error: null,
        registeredUserId: event.userId,
      };
    case 'register/failed':
      return { ...state, status: 'failed', error: REGISTER_FAILED_MESSAGE };

    case 'profile/started':
      return { ...state, status: 'profile_loading', error: null };
    case 'profile/succeeded':
      return { ...state, status: 'succeeded', error: null, user: event.user, lastLoadedAt: event.at };
    case 'profile/restored':
      return { ...state, status: 'succeeded', error: null, user: event.user, lastLoadedAt: null };
    case 'profile/failed':
      if (isUnauthenticatedError(event.error)) {
        return { ...signedOut(state), status: 'unauthenticated', error: null };
      }
      return {
        ...state,
        status: 'failed',
        error: localizedMessageOf(event.error) ?? PROFILE_FAILED_MESSAGE,
      };

    case 'logout/started':
      return { ...state, status: 'logout_pending', error: null };
    case 'logout/succeeded':
      return { ...signedOut(state), status: 'idle', error: null, registeredUserId: null };
    case 'logout/failed':
      return { ...state, status: 'failed', error: LOGOUT_FAILED_MESSAGE };

    case 'refresh/started':
      return { ...state, status: 'refresh_pending', isRefreshing: true };
    case 'refresh/succeeded':
      return {
        ...state,
        status: state.user || event.user ? 'succeeded' : state.status,
        error: null,
        user: event.user ?? state.user,
        lastRefreshedAt: event.at,
        isRefreshing: false,
      };
    case 'refresh/failed':
      if (isUnauthenticatedError(event.error)) {
        return { ...signedOut(state), status: 'unauthenticated', error: null };
      }
      return { ...state, status: 'failed', error: REFRESH_FAILED_MESSAGE, isRefreshing: false };

    case 'session/expired':
    case 'session/absent':
      return { ...signedOut(state), status: 'unauthenticated', error: null };
    case 'user/updated':
      return { ...state, user: event.user };
    case 'error/cleared':
      return { ...state, error: null };
    default: {
      const unknownEvent: never = event;
      return unknownEvent;
    }
  }
}

/** Statuses in which who the person is is not known yet: guards show a spinner (SPEC §2). */
export function isAuthSettled(state: AuthState): boolean {
  switch (state.status) {
    case 'idle':
    case 'profile_loading':
    case 'login_pending':
    case 'logout_pending':
    case 'register_pending':
      return false;
    case 'refresh_pending':
      return state.user !== null;
    case 'succeeded':
    case 'failed':
    case 'unauthenticated':
      return true;
    default: {
      const unknownStatus: never = state.status;
      return unknownStatus;
    }
  }
}

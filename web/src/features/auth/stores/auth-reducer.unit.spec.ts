import { describe, expect, it } from 'vitest';
import { AuthenticationFailedApiError, NetworkApiError, toApiError } from '../../../lib/api/api-errors';
import { AUTH_STATUSES, type AuthState, type AuthStatus, type AuthUser } from '../types';
import {
  LOGIN_FAILED_MESSAGE,
  LOGOUT_FAILED_MESSAGE,
  PROFILE_FAILED_MESSAGE,
  REFRESH_FAILED_MESSAGE,
  REGISTER_FAILED_MESSAGE,
  authReducer,
  initialAuthState,
  isAuthSettled,
  isUnauthenticatedError,
  type AuthEvent,
} from './auth-reducer';

const owner: AuthUser = {
  id: 'u-1',
  email: 'anna@kawiarnia.pl',
  tenantId: null,
  role: 'business_owner',
  username: 'Anna Nowak',
};
const customer: AuthUser = { ...owner, id: 'u-2', role: 'customer', email: 'jan@example.pl' };

/** Test-data builder ("mother") of auth states. */
const aState = (overrides: Partial<AuthState> = {}): AuthState => ({ ...initialAuthState, ...overrides });
const signedIn = (overrides: Partial<AuthState> = {}) =>
  aState({ user: owner, status: 'succeeded', lastLoadedAt: 100, lastRefreshedAt: 50, ...overrides });

const given = (state: AuthState) => ({
  when: (...events: AuthEvent[]) => events.reduce(authReducer, state),
});

const invalidCredentials = toApiError(
  401,
  { code: 'AUTH.INVALID_CREDENTIALS', localizedMessage: 'Nieprawidłowy e-mail lub hasło.' },
  '',
);

describe('auth state machine (SPEC §4)', () => {
  it('starts idle with nothing known', () => {
    expect(initialAuthState).toEqual({
      user: null,
      status: 'idle',
      error: null,
      registeredUserId: null,
      lastLoadedAt: null,
      lastRefreshedAt: null,
      isRefreshing: false,
    });
  });

  describe('login', () => {
    it('login started → login_pending and clears an old error', () => {
      expect(given(aState({ status: 'failed', error: 'x' })).when({ type: 'login/started' })).toMatchObject({
        status: 'login_pending',
        error: null,
      });
    });

    it('login success loads the profile, then succeeded', () => {
      const afterLogin = given(aState()).when({ type: 'login/started' }, { type: 'login/succeeded', at: 10 });
      expect(afterLogin).toMatchObject({ status: 'profile_loading', user: null, lastRefreshedAt: 10 });
      const afterProfile = authReducer(afterLogin, { type: 'profile/succeeded', user: owner, at: 12 });
      expect(afterProfile).toEqual({
        ...initialAuthState,
        status: 'succeeded',
        user: owner,
        lastLoadedAt: 12,
        lastRefreshedAt: 10,
      });
    });

    it("login failure → failed with the server's localized message", () => {
      expect(
        given(aState({ status: 'login_pending' })).when({ type: 'login/failed', error: invalidCredentials }),
      ).toMatchObject({ status: 'failed', error: 'Nieprawidłowy e-mail lub hasło.', user: null });
    });

    it.each([
      ['a network error without a localized message', new Error('Failed to fetch')],
      ['an error with an empty localized message', { localizedMessage: '' }],
      ['undefined', undefined],
    ])("login failure with %s → 'Logowanie nie powiodło się'", (_, error) => {
      expect(given(aState({ status: 'login_pending' })).when({ type: 'login/failed', error })).toMatchObject({
        status: 'failed',
        error: LOGIN_FAILED_MESSAGE,
      });
      expect(LOGIN_FAILED_MESSAGE).toBe('Logowanie nie powiodło się');
    });
  });

  describe('registration', () => {
    it('register started → register_pending, forgets an earlier registered id', () => {
      expect(given(aState({ registeredUserId: 'old' })).when({ type: 'register/started' })).toMatchObject({
        status: 'register_pending',
        registeredUserId: null,
        error: null,
      });
    });

    it('register success keeps the new user id and does not sign in', () => {
      expect(
        given(aState({ status: 'register_pending' })).when({ type: 'register/succeeded', userId: 'u-9' }),
      ).toMatchObject({ status: 'unauthenticated', registeredUserId: 'u-9', user: null });
    });

    it('register success while signed in keeps the session', () => {
      expect(
        given(signedIn({ status: 'register_pending' })).when({ type: 'register/succeeded', userId: 'u-9' }),
      ).toMatchObject({ status: 'succeeded', user: owner });
    });

    it("register failure → 'Błąd podczas rejestracji' (even when the server says more)", () => {
      const taken = toApiError(
        409,
        { code: 'AUTH.EMAIL_TAKEN', localizedMessage: 'Konto z tym adresem e-mail już istnieje.' },
        '',
      );
      expect(
        given(aState({ status: 'register_pending' })).when({ type: 'register/failed', error: taken }),
      ).toMatchObject({ status: 'failed', error: 'Błąd podczas rejestracji' });
      expect(REGISTER_FAILED_MESSAGE).toBe('Błąd podczas rejestracji');
    });
  });

  describe('profile', () => {
    it('profile started → profile_loading', () => {
      expect(given(aState()).when({ type: 'profile/started' }).status).toBe('profile_loading');
    });

    it('a profile 401 → unauthenticated and clears the user', () => {
      expect(
        given(signedIn({ status: 'profile_loading' })).when({
          type: 'profile/failed',
          error: toApiError(401, { code: 'UNAUTHENTICATED', localizedMessage: 'Zaloguj się' }, ''),
        }),
      ).toEqual({ ...initialAuthState, status: 'unauthenticated' });
    });

    it('a profile call whose refresh failed is a 401 too', () => {
      expect(
        given(aState({ status: 'profile_loading' })).when({
          type: 'profile/failed',
          error: new AuthenticationFailedApiError(),
        }),
      ).toMatchObject({ status: 'unauthenticated', user: null });
    });

    it('another profile failure → failed, keeps the user, shows the server message or a fallback', () => {
      const state = signedIn({ status: 'profile_loading' });
      expect(
        given(state).when({ type: 'profile/failed', error: new NetworkApiError(new Error('offline')) }),
      ).toMatchObject({ status: 'failed', user: owner, error: expect.stringContaining('Brak połączenia') });
      expect(given(state).when({ type: 'profile/failed', error: new Error('boom') })).toMatchObject({
        status: 'failed',
        error: PROFILE_FAILED_MESSAGE,
      });
    });
  });

  describe('logout', () => {
    it('logout started → logout_pending', () => {
      expect(given(signedIn()).when({ type: 'logout/started' })).toMatchObject({
        status: 'logout_pending',
        user: owner,
      });
    });

    it('logout success → idle and clears the user', () => {
      expect(
        given(signedIn({ registeredUserId: 'r' })).when(
          { type: 'logout/started' },
          { type: 'logout/succeeded' },
        ),
      ).toEqual(initialAuthState);
    });

    it("logout failure → 'Błąd podczas wylogowywania', the session is still there", () => {
      expect(
        given(signedIn({ status: 'logout_pending' })).when({ type: 'logout/failed', error: new Error('x') }),
      ).toMatchObject({ status: 'failed', error: 'Błąd podczas wylogowywania', user: owner });
      expect(LOGOUT_FAILED_MESSAGE).toBe('Błąd podczas wylogowywania');
    });
  });

  describe('refresh', () => {
    it('refresh started → refresh_pending, isRefreshing', () => {
      expect(given(signedIn()).when({ type: 'refresh/started' })).toMatchObject({
        status: 'refresh_pending',
        isRefreshing: true,
        user: owner,
      });
    });

    it('refresh success records the time and takes the fresh profile', () => {
      const renamed = { ...owner, username: 'Anna Kowalska' };
      expect(
        given(signedIn()).when(
          { type: 'refresh/started' },
          { type: 'refresh/succeeded', at: 999, user: renamed },
        ),
      ).toMatchObject({ status: 'succeeded', isRefreshing: false, lastRefreshedAt: 999, user: renamed });
    });

    it('refresh success without a profile keeps the user', () => {
      expect(
        given(signedIn({ status: 'refresh_pending', isRefreshing: true })).when({
          type: 'refresh/succeeded',
          at: 5,
        }),
      ).toMatchObject({ status: 'succeeded', user: owner, lastRefreshedAt: 5 });
    });

    it.each([
      ['401', toApiError(401, '', '')],
      [
        'REFRESH_FAILED (Already refreshing)',
        toApiError(409, { code: 'REFRESH_FAILED', localizedMessage: 'x' }, ''),
      ],
      ['UNAUTHENTICATED', { code: 'UNAUTHENTICATED' }],
      ['the API client refresh failure', new AuthenticationFailedApiError()],
    ])('refresh failure with %s → unauthenticated, user cleared', (_, error) => {
      expect(
        given(signedIn({ status: 'refresh_pending', isRefreshing: true })).when({
          type: 'refresh/failed',
          error,
        }),
      ).toEqual({ ...initialAuthState, status: 'unauthenticated' });
    });

    it("any other refresh failure → 'Odświeżanie sesji nie powiodło się'", () => {
      expect(
        given(signedIn({ status: 'refresh_pending', isRefreshing: true })).when({
          type: 'refresh/failed',
          error: toApiError(500, '', ''),
        }),
      ).toMatchObject({
        status: 'failed',
        error: 'Odświeżanie sesji nie powiodło się',
        isRefreshing: false,
        user: owner,
      });
      expect(REFRESH_FAILED_MESSAGE).toBe('Odświeżanie sesji nie powiodło się');
    });
  });

  it('session expired (API client could not refresh) → unauthenticated, user cleared', () => {
    expect(given(signedIn({ isRefreshing: true })).when({ type: 'session/expired' })).toEqual({
      ...initialAuthState,
      status: 'unauthenticated',
    });
  });

  it('no session in the browser → unauthenticated, as after a 401, without an error', () => {
    expect(given(initialAuthState).when({ type: 'session/absent' })).toEqual({
      ...initialAuthState,
      status: 'unauthenticated',
    });
  });

  it('user updated replaces the profile only', () => {
    const renamed = { ...customer, username: 'Jan Kowalski' };
    expect(given(signedIn({ user: customer })).when({ type: 'user/updated', user: renamed })).toEqual(
      signedIn({ user: renamed }),
    );
  });

  it('error cleared', () => {
    expect(given(aState({ status: 'failed', error: 'x' })).when({ type: 'error/cleared' })).toMatchObject({
      status: 'failed',
      error: null,
    });
  });

  describe('every event from every status gives a valid status and never mutates', () => {
    const events: AuthEvent[] = [
      { type: 'login/started' },
      { type: 'login/succeeded', at: 1 },
      { type: 'login/failed', error: undefined },
      { type: 'register/started' },
      { type: 'register/succeeded', userId: 'x' },
      { type: 'register/failed', error: undefined },
      { type: 'profile/started' },
      { type: 'profile/succeeded', user: owner, at: 1 },
      { type: 'profile/restored', user: owner },
      { type: 'profile/failed', error: toApiError(401, '', '') },
      { type: 'profile/failed', error: undefined },
      { type: 'logout/started' },
      { type: 'logout/succeeded' },
      { type: 'logout/failed', error: undefined },
      { type: 'refresh/started' },
      { type: 'refresh/succeeded', at: 1 },
      { type: 'refresh/failed', error: toApiError(401, '', '') },
      { type: 'refresh/failed', error: undefined },
      { type: 'session/expired' },
      { type: 'session/absent' },
      { type: 'user/updated', user: owner },
      { type: 'error/cleared' },
    ];
    for (const status of AUTH_STATUSES) {
      it(`from ${status}`, () => {
        const state = Object.freeze(signedIn({ status }));
        for (const event of events) {
          const next = authReducer(state, event);
          expect(AUTH_STATUSES).toContain(next.status);
          // Whenever the user is cleared, every session time goes with it.
          if (next.user === null) expect(next.lastLoadedAt).toBeNull();
        }
      });
    }
  });
});

describe('isAuthSettled — when guards stop showing the spinner', () => {
  const cases: Array<[AuthStatus, AuthUser | null, boolean]> = [
    ['idle', null, false],
    ['profile_loading', null, false],
    ['login_pending', null, false],
    ['logout_pending', owner, false],
    ['register_pending', null, false],
    ['refresh_pending', null, false],
    ['refresh_pending', owner, true],
    ['succeeded', owner, true],
    ['failed', null, true],
    ['unauthenticated', null, true],
  ];
  it.each(cases)('%s (user: %o) → %s', (status, user, settled) => {
    expect(isAuthSettled(aState({ status, user }))).toBe(settled);
  });
});

describe('isUnauthenticatedError', () => {
  it.each([
    [toApiError(401, '', ''), true],
    [{ code: 'REFRESH_FAILED' }, true],
    [{ code: 'UNAUTHENTICATED', status: 400 }, true],
    [toApiError(403, '', ''), false],
    [new Error('x'), false],
    [null, false],
  ])('%o → %s', (error, expected) => {
    expect(isUnauthenticatedError(error)).toBe(expected);
  });
});

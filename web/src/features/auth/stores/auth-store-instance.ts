import { onApiAuthFailure, onApiSessionRefreshed } from '../../../lib/api/api-client';
import { getProfile } from '../api/get-profile';
import { logout } from '../api/logout';
import { parseSession, refreshSession } from '../api/refresh-session';
import { mayHaveSession } from '../api/session-hint';
import { createAuthStore } from './auth-store';
import { createLastProfileStorage } from './last-profile-storage';
import { createSessionTimingStorage } from './session-timing-storage';

function browserLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The app's auth store, wired to the real identity calls and the API client's refresh events. */
export const authStore = createAuthStore({
  gateway: {
    // signing in and registering bring the account rules (and the phone numbers' metadata) with them: loaded when
    // asked, not with the app's start (the login and registration forms have loaded those rules already)
    login: (body) => import('../api/login').then((m) => m.login(body)),
    register: (body) => import('../api/register').then((m) => m.register(body)),
    getProfile,
    logout,
    refresh: refreshSession,
    parseSession,
    mayHaveSession,
  },
  storage: createSessionTimingStorage(browserLocalStorage()),
  // the panel, and so the scanner's queue, opens after a reload without a connection (ADR 0049)
  lastProfile: createLastProfileStorage(browserLocalStorage()),
  // that person's session ended while the device was offline: to the login page, and back here after it
  onRestoredSessionEnded: () =>
    globalThis.location?.assign(
      `/zaloguj?redirect=${encodeURIComponent(globalThis.location.pathname + globalThis.location.search)}`,
    ),
  // the scanner's cards seen recently (names, balances) do not outlive the session on this device (ADR 0015);
  // loaded only then, so the start of the app does not carry the database code
  onSignedOut: () =>
    void import('../../../lib/offline/scanner-db').then((db) => db.forgetRecentCards()).catch(() => {}),
});

onApiAuthFailure(() => authStore.onAuthFailure());
onApiSessionRefreshed((body) => authStore.onExternalRefresh(body));

if (typeof document !== 'undefined') {
  const check = () => document.visibilityState === 'visible' && authStore.checkSessionFreshness();
  document.addEventListener('visibilitychange', check);
  globalThis.addEventListener?.('focus', check);
  globalThis.addEventListener?.('online', () => void authStore.confirmRestoredProfile());
}

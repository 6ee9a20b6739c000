/** Remembers, for the browser session, that the person closed the maintenance banner (SPEC §4). */

export const MAINTENANCE_BANNER_DISMISSED_KEY = 'punkto:maintenance-banner-dismissed';

type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type BannerDismissal = {
  isDismissed(): boolean;
  dismiss(): void;
  /** Forget the dismissal (maintenance ended: the next maintenance shows the banner again). */
  reset(): void;
};

/** Storage may be missing or throw (privacy modes); then the dismissal lives only in memory. */
export function createBannerDismissal(storage: SessionStore | undefined): BannerDismissal {
  let memory = false;
  const attempt = <T>(action: () => T, fallback: T): T => {
    try {
      return storage ? action() : fallback;
    } catch {
      return fallback;
    }
  };
  return {
    isDismissed: () => attempt(() => storage!.getItem(MAINTENANCE_BANNER_DISMISSED_KEY) === '1', memory),
    dismiss: () => {
      memory = true;
      attempt(() => storage!.setItem(MAINTENANCE_BANNER_DISMISSED_KEY, '1'), undefined);
    },
    reset: () => {
      memory = false;
      attempt(() => storage!.removeItem(MAINTENANCE_BANNER_DISMISSED_KEY), undefined);
    },
  };
}

export function browserSessionStorage(): SessionStore | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * The browser's dismissal, shared by the app's banner and the landing page's own maintenance check
 * (start-when-needed.ts), so both see the same in-memory fallback when session storage is unavailable.
 */
export const maintenanceBannerDismissal = createBannerDismissal(browserSessionStorage());

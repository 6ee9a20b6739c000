import {
  parseConsentCookie,
  serializeConsentCookie,
  type ConsentChoice,
  type CookiePreferences,
} from '../utils/consent-cookie';

export type ConsentState = {
  /** null until the person has chosen (no valid cookie) */
  preferences: CookiePreferences | null;
  dialogOpen: boolean;
};

export interface CookieJar {
  read(): string;
  write(assignment: string): void;
  secure: boolean;
}

/**
 * The consent store other code subscribes to (SPEC §4: choosing analytics switches on analytics tracking
 * and error reporting). It reads the cookie once, writes it on every choice and notifies listeners.
 */
export function createConsentStore(jar: CookieJar, clock: () => Date = () => new Date()) {
  let state: ConsentState = { preferences: parseConsentCookie(jar.read()), dialogOpen: false };
  const listeners = new Set<() => void>();
  const set = (next: ConsentState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };

  return {
    getState: (): ConsentState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    openDialog: () => set({ ...state, dialogOpen: true }),
    /** closing without a choice keeps "no preference" (the dialog comes back on the next visit) */
    closeDialog: () => set({ ...state, dialogOpen: false }),
    save(choice: ConsentChoice) {
      jar.write(serializeConsentCookie(choice, { secure: jar.secure, savedAt: clock() }));
      set({
        preferences: {
          necessary: true,
          functional: choice.functional,
          analytics: choice.analytics,
          marketing: choice.marketing,
        },
        dialogOpen: false,
      });
    },
  };
}
export type ConsentStore = ReturnType<typeof createConsentStore>;

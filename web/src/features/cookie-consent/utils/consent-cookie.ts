import { readCookieValue } from '../../../lib/cookies';

/**
 * SPEC §3 cookie preferences and §9 timing: the person's choice lives in one first-party cookie
 * (JSON, 365 days, SameSite=Lax, path /). Pure functions: no `document` here.
 */

export type CookiePreferences = {
  /** always true: the site cannot work without these (session, CSRF, this very cookie) */
  necessary: true;
  functional: boolean;
  analytics: boolean;
  marketing: boolean;
};

/** The categories a person chooses (necessary is always on). */
export const CONSENT_CATEGORIES = ['functional', 'analytics', 'marketing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
/** What a person chooses: the preferences without the always-on necessary category. */
export type ConsentChoice = Omit<CookiePreferences, 'necessary'>;

export const CONSENT_COOKIE_NAME = 'punkto_cookie_consent';
/** SPEC §9: the consent cookie lasts 365 days. */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** SPEC §2/§9: the dialog appears 1 second after load when no preference cookie exists. */
export const CONSENT_DIALOG_DELAY_MS = 1000;
/** The `elementtiming` name of the dialog's text: the page learns when the dialog has been painted. */
export const CONSENT_DIALOG_PAINT = 'cookie-consent';
/** bumped when the categories change, so older choices are asked again */
export const CONSENT_VERSION = 1;

export const ALL_ACCEPTED: CookiePreferences = {
  necessary: true,
  functional: true,
  analytics: true,
  marketing: true,
};
export const NECESSARY_ONLY: CookiePreferences = {
  necessary: true,
  functional: false,
  analytics: false,
  marketing: false,
};

/** The consent dialog's buttons (`data-consent-save`): necessary only, the switches' choice, or everything. */
export const CONSENT_SAVES = ['necessary', 'choice', 'all'] as const;
export type ConsentSave = (typeof CONSENT_SAVES)[number];
export const isConsentSave = (value: unknown): value is ConsentSave =>
  CONSENT_SAVES.includes(value as ConsentSave);

/** What a button of the consent dialog saves, given the switches as they are. */
export function choiceSavedBy(save: ConsentSave, switches: ConsentChoice): ConsentChoice {
  if (save === 'necessary') return NECESSARY_ONLY;
  return save === 'all' ? ALL_ACCEPTED : switches;
}

/** The stored preferences, or null when there is no valid cookie of the current version (ask again). */
export function parseConsentCookie(cookieHeader: string): CookiePreferences | null {
  const raw = readCookieValue(cookieHeader, CONSENT_COOKIE_NAME);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(decodeURIComponent(raw));
    if (typeof value !== 'object' || value === null) return null;
    const v = value as Record<string, unknown>;
    if (v['v'] !== CONSENT_VERSION) return null;
    if (!CONSENT_CATEGORIES.every((f) => typeof v[f] === 'boolean')) return null;
    return {
      necessary: true,
      functional: v['functional'] as boolean,
      analytics: v['analytics'] as boolean,
      marketing: v['marketing'] as boolean,
    };
  } catch {
    return null;
  }
}

/** A `document.cookie` assignment storing the preferences for 365 days. */
export function serializeConsentCookie(
  preferences: ConsentChoice,
  options: { secure: boolean; savedAt: Date },
): string {
  const value = encodeURIComponent(
    JSON.stringify({
      v: CONSENT_VERSION,
      necessary: true,
      functional: preferences.functional,
      analytics: preferences.analytics,
      marketing: preferences.marketing,
      savedAt: options.savedAt.toISOString(),
    }),
  );
  const attributes = [`max-age=${CONSENT_MAX_AGE_SECONDS}`, 'path=/', 'SameSite=Lax'];
  if (options.secure) attributes.push('Secure');
  return `${CONSENT_COOKIE_NAME}=${value}; ${attributes.join('; ')}`;
}

/**
 * Schedules the first prompt: only when nothing is stored, after CONSENT_DIALOG_DELAY_MS.
 * Returns the cancel function (component unmount).
 */
export function scheduleConsentPrompt(
  stored: CookiePreferences | null,
  open: () => void,
  timers: {
    setTimeout: (fn: () => void, ms: number) => unknown;
    clearTimeout: (id: unknown) => void;
  } = {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
  },
): () => void {
  if (stored !== null) return () => {};
  const id = timers.setTimeout(open, CONSENT_DIALOG_DELAY_MS);
  return () => timers.clearTimeout(id);
}

import type { BrowserContext } from 'playwright-core';

/** The SPA's consent cookie (web/src/features/cookie-consent/utils/consent-cookie.ts). */
export const CONSENT_COOKIE = 'punkto_cookie_consent';

/** The consent cookie's value after "Tylko niezbędne" (as the SPA writes it). */
export const NECESSARY_ONLY_CONSENT = encodeURIComponent(
  JSON.stringify({ v: 1, necessary: true, functional: false, analytics: false, marketing: false }),
);

/**
 * Stores a cookie choice ("Tylko niezbędne") in a browser context, like a returning visitor, so the
 * consent dialog (SPEC §2: 1 s after load without a stored choice) stays away in tests about other things.
 */
export async function storeCookieConsent(context: BrowserContext, baseUrl: string): Promise<void> {
  await context.addCookies([{ name: CONSENT_COOKIE, value: NECESSARY_ONLY_CONSENT, url: baseUrl }]);
}

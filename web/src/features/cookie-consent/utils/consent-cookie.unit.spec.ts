import { describe, expect, it, vi } from 'vitest';
import {
  CONSENT_COOKIE_NAME,
  CONSENT_DIALOG_DELAY_MS,
  CONSENT_MAX_AGE_SECONDS,
  ALL_ACCEPTED,
  NECESSARY_ONLY,
  choiceSavedBy,
  isConsentSave,
  parseConsentCookie,
  scheduleConsentPrompt,
  serializeConsentCookie,
} from './consent-cookie';
import { readCookieValue } from '../../../lib/cookies';

const savedAt = new Date('2026-11-20T10:00:00.000Z');
const choice = { functional: true, analytics: false, marketing: true };
/** What the browser sends back: only `name=value` of the assignment. */
const asCookieHeader = (assignment: string) => assignment.split(';')[0]!;

describe('the consent cookie', () => {
  it('is kept 365 days, on the whole site, SameSite=Lax, Secure only over https', () => {
    const cookie = serializeConsentCookie(choice, { secure: false, savedAt });
    expect(CONSENT_MAX_AGE_SECONDS).toBe(31_536_000);
    expect(cookie.startsWith(`${CONSENT_COOKIE_NAME}=`)).toBe(true);
    expect(cookie).toContain('; max-age=31536000; path=/; SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    expect(serializeConsentCookie(choice, { secure: true, savedAt })).toMatch(/; Secure$/);
  });

  it('round-trips the choice, with necessary always true', () => {
    const header = `other=1; ${asCookieHeader(serializeConsentCookie(choice, { secure: false, savedAt }))}; x=y`;
    expect(parseConsentCookie(header)).toEqual({ necessary: true, ...choice });
  });

  it('stores readable JSON with the version and the time of the choice', () => {
    const raw = readCookieValue(
      asCookieHeader(serializeConsentCookie(choice, { secure: false, savedAt })),
      CONSENT_COOKIE_NAME,
    )!;
    expect(JSON.parse(decodeURIComponent(raw))).toEqual({
      v: 1,
      necessary: true,
      ...choice,
      savedAt: '2026-11-20T10:00:00.000Z',
    });
  });

  it.each([
    ['no cookie at all', ''],
    ['other cookies only', 'a=1; b=2'],
    ['broken JSON', `${CONSENT_COOKIE_NAME}=%7Bnope`],
    [
      'an older version',
      `${CONSENT_COOKIE_NAME}=${encodeURIComponent('{"v":0,"functional":true,"analytics":true,"marketing":true}')}`,
    ],
    [
      'a missing flag',
      `${CONSENT_COOKIE_NAME}=${encodeURIComponent('{"v":1,"functional":true,"analytics":true}')}`,
    ],
    [
      'a non-boolean flag',
      `${CONSENT_COOKIE_NAME}=${encodeURIComponent('{"v":1,"functional":1,"analytics":true,"marketing":true}')}`,
    ],
  ])('means "no preference" (ask again) with %s', (_case, header) => {
    expect(parseConsentCookie(header)).toBeNull();
  });

  it('does not mistake a cookie whose name only ends the same way', () => {
    expect(readCookieValue('xpunkto_cookie_consent=1', CONSENT_COOKIE_NAME)).toBeNull();
  });
});

describe('the first prompt', () => {
  it('opens 1 second after load when nothing is stored, not before', () => {
    vi.useFakeTimers();
    try {
      const open = vi.fn();
      scheduleConsentPrompt(null, open);
      expect(CONSENT_DIALOG_DELAY_MS).toBe(1000);
      vi.advanceTimersByTime(999);
      expect(open).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(open).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  it('never opens when a choice is stored, and can be cancelled (unmount)', () => {
    vi.useFakeTimers();
    try {
      const open = vi.fn();
      scheduleConsentPrompt({ necessary: true, functional: false, analytics: false, marketing: false }, open);
      const cancel = scheduleConsentPrompt(null, open);
      cancel();
      vi.advanceTimersByTime(5000);
      expect(open).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("what the dialog's buttons save", () => {
  const switches = { functional: false, analytics: true, marketing: false };

  it('"Tylko niezbędne" saves necessary only and "Akceptuję wszystkie" everything, whatever the switches say', () => {
    expect(choiceSavedBy('necessary', switches)).toEqual(NECESSARY_ONLY);
    expect(choiceSavedBy('all', switches)).toEqual(ALL_ACCEPTED);
  });

  it('"Zapisz wybór" saves the switches as they are', () => {
    expect(choiceSavedBy('choice', switches)).toEqual(switches);
  });

  it('knows its buttons by their data-consent-save value, and nothing else', () => {
    for (const save of ['necessary', 'choice', 'all']) expect(isConsentSave(save), save).toBe(true);
    for (const other of ['', 'none', null, undefined])
      expect(isConsentSave(other), String(other)).toBe(false);
  });
});

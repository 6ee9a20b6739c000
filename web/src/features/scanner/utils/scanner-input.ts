import { isValidCardNumber, normalizeCardNumber } from '@punkto/contracts/cards';
import { parsePriceToGrosze } from '../../../lib/money';

/**
 * Pure helpers of the staff scanner: what the employee typed (amount, card number, phone, e-mail).
 */

export const AMOUNT_FORMAT_MESSAGE = 'Kwotę podaj w złotych, np. 42,50.';

/** "42,50" → 4250, "42.5" → 4250, "7" → 700, "1 234,99 zł" → 123499; zero, negatives and junk → null. */
export function parseAmountToGrosze(input: string): number | null {
  const grosze = parsePriceToGrosze(input);
  return grosze !== null && grosze > 0 ? grosze : null;
}

export type LookupQuery =
  | { kind: 'number'; humanReadableId: string }
  | { kind: 'qr'; qr: string }
  | { kind: 'email'; email: string }
  | { kind: 'phone'; phone: string }
  | { kind: 'name'; name: string }
  | { kind: 'invalid'; message: string };

export const CARD_NUMBER_INVALID_MESSAGE = 'Nieprawidłowy numer karty. Sprawdź cyfry i spróbuj ponownie.';
export const LOOKUP_EMPTY_MESSAGE =
  'Wpisz numer karty, numer telefonu, adres e-mail albo imię i nazwisko klienta.';

/**
 * What one search box holds: a card number (10 digits, spaces or dashes allowed, checked with its Damm
 * digit before any request), a QR payload pasted from a reader (`P1.…`), an e-mail, a phone number, or a part
 * of the client's name (two letters or more, no digits).
 */
export function classifyLookup(input: string): LookupQuery {
  const text = input.trim();
  if (text === '') return { kind: 'invalid', message: LOOKUP_EMPTY_MESSAGE };
  if (/^P1\./.test(text)) return { kind: 'qr', qr: text };
  if (text.includes('@')) return { kind: 'email', email: text };
  const digits = normalizeCardNumber(text);
  if (/^\d{10}$/.test(digits) && !text.startsWith('+')) {
    return isValidCardNumber(digits)
      ? { kind: 'number', humanReadableId: digits }
      : { kind: 'invalid', message: CARD_NUMBER_INVALID_MESSAGE };
  }
  const phoneDigits = text.replace(/[\s\-()]/g, '');
  if (/^\+?\d{9,15}$/.test(phoneDigits)) return { kind: 'phone', phone: phoneDigits };
  // letters (of any alphabet) and no digits: a part of the client's name
  if (/\p{L}.*\p{L}/u.test(text) && !/\d/.test(text)) return { kind: 'name', name: text };
  return { kind: 'invalid', message: LOOKUP_EMPTY_MESSAGE };
}

/**
 * One Idempotency-Key per intended action: the same action (same fingerprint: card, kind, amount…) keeps
 * its key, so a retry after a timeout never awards twice; a changed action gets a fresh key.
 */
export type ActionKey = { fingerprint: string; key: string };

export function keyForAction(
  previous: ActionKey | null,
  fingerprint: string,
  newKey: () => string,
): ActionKey {
  return previous && previous.fingerprint === fingerprint ? previous : { fingerprint, key: newKey() };
}

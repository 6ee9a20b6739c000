import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';

/**
 * Phone numbers, Polish and foreign (ADR 0042), read by libphonenumber-js with its `min` metadata (each
 * country's lengths and leading digits; no number-type rules):
 * - a number without a country code is Polish (`600 100 200` → `+48600100200`);
 * - any country with its code: `+380 50 123 4567`, `0049 151 23456789`; spaces, dashes, dots and brackets
 *   are tolerated;
 * - a Polish number has 9 digits (the `min` metadata would also take some 6–8-digit service numbers, so a
 *   mobile number with a digit missing would pass);
 * - stored and returned in E.164 (`+48600100200`, `+380501234567`): one form, so a lookup matches whatever
 *   form staff type. Polish numbers were already stored as `+48` and 9 digits, so old records need no change.
 */
export const PhoneMessages = {
  format:
    'Nieprawidłowy numer telefonu — podaj polski numer (9 cyfr) albo numer z kierunkowym kraju, np. +49 151 23456789.',
} as const;

/** what a person can type: an optional `+`, then digits with separators (no letters, no extension) */
const TYPED_PHONE = /^\+?[\d\s().-]{6,30}$/;
const POLAND = '48';
/** a stored phone: E.164, `+`, a country code and up to 15 digits in all (ITU-T E.164) */
export const E164_PHONE = /^\+[1-9]\d{6,14}$/;

function readPhone(input: string, defaultCountry: 'PL' | undefined): PhoneNumber | null {
  const text = input.trim();
  if (!TYPED_PHONE.test(text)) return null;
  const number = parsePhoneNumberFromString(text, defaultCountry);
  if (!number?.isValid()) return null;
  if (number.countryCallingCode === POLAND && number.nationalNumber.length !== 9) return null;
  return number;
}

/** The number in E.164, or null when it is not a phone number (Polish default for one without a code). */
export function toE164(input: string): string | null {
  return readPhone(input, 'PL')?.number ?? null;
}

/**
 * A number staff typed to find someone: as `toE164`, and digits that are not a Polish number are also tried
 * as a number with its country code but without the `+` (`380501234567` → `+380501234567`). Not for
 * saving: there a mistyped Polish number must be refused, not read as some other country's.
 */
export function lookupE164(input: string): string | null {
  const phone = toE164(input);
  if (phone) return phone;
  const digits = input.replace(/[\s().-]/g, '');
  return /^[1-9]\d{9,14}$/.test(digits) ? (readPhone(`+${digits}`, undefined)?.number ?? null) : null;
}

/**
 * How people read a stored number: Polish ones in the national grouping (`600 100 200`, a landline
 * `12 345 67 89`), foreign ones in the international format (`+49 1512 3456789`). Anything that is not a
 * phone is shown as it is.
 */
export function formatPhone(phone: string): string {
  const number = E164_PHONE.test(phone) ? parsePhoneNumberFromString(phone) : undefined;
  if (!number) return phone;
  if (number.countryCallingCode !== POLAND) return number.formatInternational();
  const national = number.formatNational();
  const digits = number.nationalNumber;
  return national === digits && digits.length === 9
    ? digits.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3')
    : national;
}

export const Phone = z
  .string(PhoneMessages.format)
  .max(40, PhoneMessages.format)
  .transform((value, ctx) => {
    const phone = toE164(value);
    if (phone) return phone;
    ctx.addIssue({ code: 'custom', message: PhoneMessages.format });
    return z.NEVER;
  });

/**
 * A phone a person may leave out or remove: an empty box or `null` means "no number" (null), anything else
 * must be a Phone (→ E.164). Numbers are never verified (no SMS check): whoever shows one says who gave it
 * (ADR 0017).
 */
export const OptionalPhone = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  Phone.nullable(),
);

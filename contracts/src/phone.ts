import { z } from 'zod';

/** Polish phone number: 9 digits, optionally +48 / 0048 and separators; stored as `+48XXXXXXXXX`. */
export const PhoneMessages = { format: 'Podaj poprawny numer telefonu (9 cyfr, np. 600 100 200).' } as const;
export const Phone = z
  .string(PhoneMessages.format)
  .trim()
  .transform((v) => v.replace(/[\s()-]/g, '').replace(/^(\+48|0048)/, ''))
  .pipe(z.string().regex(/^\d{9}$/, PhoneMessages.format))
  .transform((digits) => `+48${digits}`);

/**
 * A phone a person may leave out or remove: an empty box or `null` means "no number" (null), anything else
 * must be a Phone (→ `+48XXXXXXXXX`). Numbers are never verified (no SMS check): whoever shows one says who
 * gave it (ADR 0017).
 */
export const OptionalPhone = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  Phone.nullable(),
);

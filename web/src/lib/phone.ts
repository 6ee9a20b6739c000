import { formatPhone as formatStoredPhone } from '@punkto/contracts/phone';

/**
 * Phones as people read them. The API stores numbers in E.164 (`+48600100200`, `+4915123456789`,
 * contracts/src/phone.ts, ADR 0042); on screen a Polish mobile is grouped `+48 600 100 200` and a foreign number
 * is written internationally (`+49 1512 3456789`). The number a customer typed is never verified (no SMS): where
 * staff see it, it is labelled (ADR 0017).
 */

/** a Polish number as stored: `+48` and 9 digits, grouped 3-3-3 */
const POLISH = /^\+48(\d{3})(\d{3})(\d{3})$/;

/** `+48600100200` → `+48 600 100 200`; a foreign number internationally; anything else as it is. */
export function formatPhone(phone: string): string {
  const match = POLISH.exec(phone);
  return match ? `+48 ${match[1]} ${match[2]} ${match[3]}` : formatStoredPhone(phone);
}

/**
 * The phone box of a form: a Polish number without the country code (`600 100 200`), a foreign one with its
 * code (`+49 1512 3456789`), or empty.
 */
export function phoneInputValue(phone: string | null | undefined): string {
  if (!phone) return '';
  const match = POLISH.exec(phone);
  return match ? `${match[1]} ${match[2]} ${match[3]}` : formatPhone(phone);
}

export const UNVERIFIED_PHONE_LABEL = 'niepotwierdzony';
export const UNVERIFIED_PHONE_HINT = 'Numer podany przez klienta, niepotwierdzony';

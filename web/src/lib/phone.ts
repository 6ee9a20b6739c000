/**
 * Phones as people read them. The API stores Polish numbers as E.164 (`+48600100200`, contracts/src/phone.ts);
 * on screen they are grouped `+48 600 100 200`. The number a customer typed is never verified (no SMS): where
 * staff see it, it is labelled (ADR 0017).
 */

/** `+48600100200` → `+48 600 100 200`; anything else is shown as it is. */
export function formatPhone(phone: string): string {
  const match = /^\+48(\d{3})(\d{3})(\d{3})$/.exec(phone);
  return match ? `+48 ${match[1]} ${match[2]} ${match[3]}` : phone;
}

/** The phone box of a form: the stored number without the country code (`600 100 200`), or empty. */
export function phoneInputValue(phone: string | null | undefined): string {
  if (!phone) return '';
  const match = /^\+48(\d{3})(\d{3})(\d{3})$/.exec(phone);
  return match ? `${match[1]} ${match[2]} ${match[3]}` : phone;
}

export const UNVERIFIED_PHONE_LABEL = 'niepotwierdzony';
export const UNVERIFIED_PHONE_HINT = 'Numer podany przez klienta, niepotwierdzony';

import { formatNumber } from './format';

/**
 * Money typed in złoty ("12,50", "12.5", "1 200") and sent as whole grosze (a service's price, a purchase
 * amount at the scanner). String arithmetic, so 0.29 zł is 29 gr and never 28.999….
 */

export const PRICE_FORMAT_MESSAGE = 'Cenę podaj w złotych, np. 12,50.';

/** "12,50" → 1250, "12.5" → 1250, "7" → 700, "1 234,99" → 123499; anything else → null. */
export function parsePriceToGrosze(input: string): number | null {
  const compact = input.replace(/[\s\u00a0]/g, '').replace(/zł$/i, '');
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const [, zloty, fraction = ''] = match;
  return Number(zloty) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 1250 → "12,50" (what the edit form shows for a stored price). */
export function groszeToInput(grosze: number): string {
  const zloty = Math.floor(grosze / 100);
  const rest = String(grosze % 100).padStart(2, '0');
  return `${zloty},${rest}`;
}

/** 1250 → "12,50 zł", 123499 → "1 234,99 zł" (Polish locale with a no-break space, lib/format). */
export function formatGrosze(grosze: number): string {
  return `${formatNumber(grosze / 100)} zł`;
}

import { plural } from '@punkto/contracts/plural';
import { formatPolish, groupThousands } from '@punkto/contracts/polish-number';

/** Number display of SPEC §9 — always Polish locale. */

/**
 * `value` in Polish with `min`–`max` fraction digits and thousands grouped by a no-break space from four digits
 * on. A value that needs no rounding is its digits with a decimal comma: those are written here, since making
 * the first Intl.NumberFormat loads locale data — tens of milliseconds on a phone, which a page showing a few
 * prices (the landing page) should not spend. Everything else goes to Intl (without its grouping).
 */
function formatDecimal(value: number, min: number, max: number): string {
  const scaled = value * 10 ** max;
  const exact = Math.abs(scaled - Math.round(scaled)) < 1e-6 && Math.abs(value) < 1e12;
  if (!exact || Object.is(value, -0)) {
    return formatPolish(value, { minimumFractionDigits: min, maximumFractionDigits: max });
  }
  const [whole, fraction = ''] = (Math.abs(Math.round(scaled)) / 10 ** max).toFixed(max).split('.');
  let digits = fraction;
  while (digits.length > min && digits.endsWith('0')) digits = digits.slice(0, -1);
  return groupThousands(`${value < 0 ? '-' : ''}${whole}${digits ? `,${digits}` : ''}`);
}

type Numeric = number | null | undefined;

/** Placeholder for a missing or non-finite value. */
export const EMPTY_VALUE = '—';

function isPresent(value: Numeric): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** `1234.5` → `1 234,50`; `12345.678` → `12 345,68` (2 decimals by default). */
export function formatNumber(value: Numeric, fractionDigits = 2): string {
  if (!isPresent(value)) return EMPTY_VALUE;
  return formatDecimal(value, fractionDigits, fractionDigits);
}

/** Amount in złoty with the `PLN` suffix and 0–2 fraction digits: `30` → `30 PLN`, `28.8` → `28,8 PLN`. */
export function formatCurrency(value: Numeric): string {
  if (!isPresent(value)) return EMPTY_VALUE;
  return `${formatDecimal(value, 0, 2)} PLN`;
}

/**
 * Percentage with 0–2 fraction digits. The value is in percent points: `12.5` → `12,5%`.
 * Pass `{ ratio: true }` for a fraction: `0.125` → `12,5%`.
 */
export function formatPercent(value: Numeric, options: { ratio?: boolean } = {}): string {
  if (!isPresent(value)) return EMPTY_VALUE;
  const ratio = options.ratio ? value : value / 100;
  return formatPolish(ratio, { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 2 });
}

/** Whole counts (points, stamps, customers): `12345` → `12 345`. */
export function formatInteger(value: Numeric): string {
  if (!isPresent(value)) return EMPTY_VALUE;
  return formatDecimal(value, 0, 0);
}

/** The Polish plural form for a count: 1 karta, 2–4 karty, 0 / 5+ kart (one for services and the SPA). */
export { plural };

/** `142` → `142 pkt`. */
export function formatPoints(points: number): string {
  return `${formatInteger(points)} pkt`;
}

/** `1` → `1 pieczątka`, `3` → `3 pieczątki`, `5` → `5 pieczątek`. */
export function formatStamps(count: number): string {
  return `${formatInteger(count)} ${plural(count, 'pieczątka', 'pieczątki', 'pieczątek')}`;
}

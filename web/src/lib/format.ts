/** Number display of SPEC §9 — always Polish locale. */

const LOCALE = 'pl-PL';

const cache = new Map<string, Intl.NumberFormat>();

function formatter(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let cached = cache.get(key);
  if (!cached) {
    cached = new Intl.NumberFormat(LOCALE, options);
    cache.set(key, cached);
  }
  return cached;
}

type Numeric = number | null | undefined;

/** Placeholder for a missing or non-finite value. */
export const EMPTY_VALUE = '—';

function isPresent(value: Numeric): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** `1234.5` → `1234,50`; `12345.678` → `12 345,68` (2 decimals by default). */
export function formatNumber(value: Numeric, fractionDigits = 2): string {
  if (!isPresent(value)) return EMPTY_VALUE;
  return formatter({ minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(
    value,
  );
}

/** Amount in złoty with the `PLN` suffix and 0–2 fraction digits: `30` → `30 PLN`, `28.8` → `28,8 PLN`. */
export function formatCurrency(value: Numeric): string {
  if (!isPresent(value)) return EMPTY_VALUE;
  return `${formatter({ minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(value)} PLN`;
}

/**
 * Percentage with 0–2 fraction digits. The value is in percent points: `12.5` → `12,5%`.
 * Pass `{ ratio: true }` for a fraction: `0.125` → `12,5%`.
 */
export function formatPercent(value: Numeric, options: { ratio?: boolean } = {}): string {
  if (!isPresent(value)) return EMPTY_VALUE;
  const ratio = options.ratio ? value : value / 100;
  return formatter({ style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(ratio);
}

/** Whole counts (points, stamps, customers): `12345` → `12 345`. */
export function formatInteger(value: Numeric): string {
  if (!isPresent(value)) return EMPTY_VALUE;
  return formatter({ maximumFractionDigits: 0 }).format(value);
}

const pluralRules = new Intl.PluralRules(LOCALE);

/** The Polish plural form for a count: 1 karta, 2–4 karty, 0 / 5+ kart (12–14 kart, 22 karty). */
export function plural(count: number, one: string, few: string, many: string): string {
  const form = pluralRules.select(count);
  return form === 'one' ? one : form === 'few' ? few : many;
}

/** `142` → `142 pkt`. */
export function formatPoints(points: number): string {
  return `${formatInteger(points)} pkt`;
}

/** `1` → `1 pieczątka`, `3` → `3 pieczątki`, `5` → `5 pieczątek`. */
export function formatStamps(count: number): string {
  return `${formatInteger(count)} ${plural(count, 'pieczątka', 'pieczątki', 'pieczątek')}`;
}

/**
 * Numbers as Polish writes them (SPEC §9), for services and the SPA alike: a decimal comma and thousands
 * grouped by a no-break space from four digits on („4 250,00 zł”, „1 200 pkt”). Intl's pl-PL groups only from
 * five digits (its minimum grouping digits), so the digits come from Intl without grouping (its rounding, its
 * minus sign) and the grouping is added here.
 */

/** U+00A0: the space between groups of digits, which never breaks a number over two lines */
export const NBSP = '\u00a0';

const formatters = new Map<string, Intl.NumberFormat>();

/** Inserts a no-break space every three digits of the first run of digits (the whole part) of a formatted number. */
export function groupThousands(formatted: string): string {
  return formatted.replace(/\d+/, (whole) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP));
}

/**
 * `value` formatted by Intl (pl-PL) with `options`, grouped from four digits on. Formatters are made once. A whole
 * number with no options reads as its digits, which is what Intl writes for it: no formatter is made for it (the
 * contracts' messages format their limits when their modules load, and a phone's first Intl.NumberFormat costs
 * tens of milliseconds of an app's start).
 */
export function formatPolish(value: number, options: Intl.NumberFormatOptions = {}): string {
  if (Number.isSafeInteger(value) && !Object.is(value, -0) && Object.keys(options).length === 0)
    return groupThousands(String(value));
  const key = JSON.stringify(options);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('pl-PL', { ...options, useGrouping: false });
    formatters.set(key, formatter);
  }
  return groupThousands(formatter.format(value));
}

/** Grosze as złoty with two decimals: 425000 → „4 250,00 zł”. */
export function formatPln(grosze: number): string {
  return formatPolish(grosze / 100, { style: 'currency', currency: 'PLN' });
}

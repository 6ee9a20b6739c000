/**
 * Deleting a company is confirmed by typing its name (SPEC: DELETE /tenants/delete-tenant). The name is often
 * typed on a phone whose keyboard has no „—” or „„”, so the comparison is about the letters, not the typography
 * (issue 32: a plain hyphen was refused where the name has an em dash, with no hint):
 * - NFKC and Polish lower case (NFD ↔ NFC, full-width forms, non-breaking spaces, any letter case);
 * - every dash (- ‐ ‑ ‒ – — ― − …) is one dash, with or without spaces around it;
 * - every quotation mark („ ” “ " « » ‚ ‘ ’ ' ` ´ …) is one quotation mark;
 * - white space around the name and between words counts once; invisible characters not at all.
 * Letters, digits and the other punctuation must match, so the confirmation still means „I mean this company”.
 * The SPA and the tenant service use this same function.
 */
const DASHES = /\s*[-\u2010-\u2015\u2212\u2E3A\u2E3B\uFE58\uFE63\uFF0D]\s*/gu;
const QUOTES = /["'`\u00AB\u00B4\u00BB\u2018-\u201F\u2032\u2033\u2039\u203A\u300C-\u300F\uFF02\uFF07]/gu;
const INVISIBLE = /[\p{Cf}\p{Cs}]/gu;
const CONTROLS = /\p{Cc}/gu;

/** the form of a company name that the confirmation compares */
export function companyNameForComparison(name: string): string {
  return name
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(DASHES, '-')
    .replace(QUOTES, '"')
    .replace(/\s+/gu, ' ')
    .replace(CONTROLS, '')
    .trim()
    .toLocaleLowerCase('pl-PL');
}

/** true when `typed` confirms the company named `companyName` */
export const sameCompanyName = (typed: string, companyName: string): boolean =>
  companyNameForComparison(typed) === companyNameForComparison(companyName);

/** the hint under the confirmation field, and the message of a refused confirmation */
export const COMPANY_NAME_CONFIRMATION_HINT =
  'Wielkość liter, rodzaj myślnika, cudzysłowu i liczba spacji nie mają znaczenia — liczą się litery, cyfry i pozostałe znaki.';

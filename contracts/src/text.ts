import { z } from 'zod';

/**
 * Human text fields (names, addresses, descriptions) take no control characters: a CR/LF stored in a company
 * or client name ends up in e-mail headers, CSV exports, wallet passes and log lines (issue 15, finding 10).
 * Refused: every C0/C1 control (TAB, CR, LF, NUL, ESC …), the bidirectional overrides and isolates that can
 * make a name read backwards (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F), invisible spaces and joiners
 * that make two names look alike (U+200B, U+2060, U+FEFF), and the Unicode line separators (U+2028, U+2029).
 * Allowed: every letter, digit, punctuation mark and emoji, including emoji joined by ZWJ (U+200D).
 * Multi-line texts (descriptions) also allow line breaks.
 */
/* eslint-disable no-control-regex -- finding control characters is the point */
const FORBIDDEN_SINGLE_LINE =
  /[\u0000-\u001F\u007F-\u009F\u200B\u200E\u200F\u2028\u2029\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/;
const FORBIDDEN_MULTI_LINE =
  /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B\u200E\u200F\u2028\u2029\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/;

/* eslint-enable no-control-regex */

export const CONTROL_CHARACTERS_MESSAGE =
  'Pole nie może zawierać znaków sterujących (np. tabulatora ani nowej linii).';
export const CONTROL_CHARACTERS_MULTILINE_MESSAGE = 'Pole nie może zawierać znaków sterujących.';

export const isSingleLineText = (value: string) => !FORBIDDEN_SINGLE_LINE.test(value);
export const isMultiLineText = (value: string) => !FORBIDDEN_MULTI_LINE.test(value);

/** A trimmed one-line human text (a name, a street, a city); chain `.min()`/`.max()` as with `z.string()`. */
export const singleLineText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).trim().refine(isSingleLineText, CONTROL_CHARACTERS_MESSAGE);

/** A trimmed human text that may span lines (a description). */
export const multiLineText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).trim().refine(isMultiLineText, CONTROL_CHARACTERS_MULTILINE_MESSAGE);

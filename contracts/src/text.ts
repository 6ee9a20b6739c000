import { z } from 'zod';

/**
 * Human text fields (names, addresses, descriptions) are stored clean (issue 15 finding 10, issue 32):
 * - NFC-normalised after trimming, so „Łódź” typed on a Mac (NFD: L + combining acute …) and on Windows is
 *   one name, compares equal, and lengths count what a person sees;
 * - no C0/C1 control characters (TAB, CR, LF, NUL, ESC …): a CR/LF in a company or client name ends up in
 *   e-mail headers, CSV exports, wallet passes and log lines;
 * - no invisible or broken characters: format characters (Unicode category Cf: U+FEFF, the zero-width
 *   U+200B–U+200D, U+2060, the bidi marks, overrides and isolates U+200E/U+200F, U+202A–U+202E,
 *   U+2066–U+2069, the soft hyphen …), the Hangul fillers that render as nothing, the line and paragraph
 *   separators U+2028/U+2029, unpaired surrogates (broken UTF-16), noncharacters and U+FFFD itself (text that
 *   was already broken somewhere). Such a name would look like another one, read backwards, or print as „�”
 *   in the KSeF invoice XML.
 * Allowed: every letter, digit, punctuation mark and emoji, including emoji sequences that need a format
 * character: the ZWJ between two emoji (👨‍👩‍👧, 🏳️‍🌈) and the tag letters of subdivision flags (🏴󠁧󠁢󠁳󠁣󠁴󠁿).
 * Multi-line texts (descriptions) also allow line breaks (CR, LF).
 */
/* eslint-disable no-control-regex -- finding control characters is the point */
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F]/;
const CONTROL_MULTI_LINE = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/* eslint-enable no-control-regex */

/** invisible, format and broken characters (see above); tested after the allowed emoji sequences are removed */
const INVISIBLE =
  /[\p{Cf}\p{Cs}\u115F\u1160\u3164\uFFA0\u2028\u2029\uFFFC\uFFFD\uFDD0-\uFDEF\uFFFE\uFFFF]|\u034F/u;

/**
 * an emoji (with its variation selector / skin tone), ZWJ, emoji: the joiner is part of one picture (no
 * lookbehind: the SPA runs this in older Safari too)
 */
const EMOJI_ZWJ =
  /([\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F])\u200D(?=\p{Extended_Pictographic})/gu;
/** a black flag followed by tag letters and the cancel tag: a subdivision flag (England, Scotland, Wales) */
const TAG_FLAG = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu;

export const CONTROL_CHARACTERS_MESSAGE =
  'Pole nie może zawierać znaków sterujących (np. tabulatora ani nowej linii).';
export const CONTROL_CHARACTERS_MULTILINE_MESSAGE = 'Pole nie może zawierać znaków sterujących.';
export const INVISIBLE_CHARACTERS_MESSAGE =
  'Tekst zawiera niewidoczne lub niedozwolone znaki (np. skopiowane z innego programu). Usuń je lub wpisz tekst ponownie.';

/** true when the text has no invisible, format or broken characters (emoji sequences allowed) */
export const hasOnlyVisibleCharacters = (value: string) =>
  !INVISIBLE.test(value.replace(TAG_FLAG, '🏴').replace(EMOJI_ZWJ, '$1'));

export const isSingleLineText = (value: string) =>
  !CONTROL_SINGLE_LINE.test(value) && hasOnlyVisibleCharacters(value);
export const isMultiLineText = (value: string) =>
  !CONTROL_MULTI_LINE.test(value) && hasOnlyVisibleCharacters(value);

/**
 * A trimmed one-line human text (a name, a street, a city), NFC-normalised; chain `.min()`/`.max()` as with
 * `z.string()` (they count the normalised text). Invisible characters are looked for before trimming, which
 * would silently drop a leading U+FEFF.
 */
export const singleLineText = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .refine(hasOnlyVisibleCharacters, INVISIBLE_CHARACTERS_MESSAGE)
    .trim()
    .refine((v) => !CONTROL_SINGLE_LINE.test(v), CONTROL_CHARACTERS_MESSAGE)
    .normalize('NFC');

/** A trimmed human text that may span lines (a description), NFC-normalised. */
export const multiLineText = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .refine(hasOnlyVisibleCharacters, INVISIBLE_CHARACTERS_MESSAGE)
    .trim()
    .refine((v) => !CONTROL_MULTI_LINE.test(v), CONTROL_CHARACTERS_MULTILINE_MESSAGE)
    .normalize('NFC');

/* eslint-disable no-control-regex -- removing control characters is the point */
const CONTROLS_GLOBAL = /[\u0000-\u001F\u007F-\u009F]+/g;
/* eslint-enable no-control-regex */
const INVISIBLE_GLOBAL = new RegExp(INVISIBLE.source, 'gu');

/**
 * A stored text as it may go into a document (the KSeF invoice XML, a PDF): NFC, control characters turned
 * into a space, invisible and broken characters (unpaired surrogates included) removed. Texts stored since
 * the schemas refuse them are unchanged; older ones can never print as „�”.
 */
export const printableText = (value: string): string =>
  value
    .replace(INVISIBLE_GLOBAL, '')
    .replace(CONTROLS_GLOBAL, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()
    .normalize('NFC');

/**
 * A search term as a literal `$regex` pattern (the document store's, identical on SQLite and MongoDB): its regex
 * syntax escaped. Only syntax characters: other escapes (`\-`) are errors under the `u` flag SQLite's adapter uses.
 */
export const regexLiteral = (value: string) => value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * What people search names by: lower case without diacritics and with single spaces (`Łucja  Żak` → `lucja zak`),
 * so "lucja" finds "Łucja" (the clients list, the scanner's search by name). ł/Ł do not decompose under NFD;
 * everything else Polish does (ą → a + ogonek, ż → z + dot …).
 */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[łŁ]/g, 'l')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

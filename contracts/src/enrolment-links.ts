import { z } from 'zod';

/**
 * Short enrolment links (issue 20, ADR 0014): every program has a 5-character code, printed on the poster and
 * shown in the panel, and `/k/<code>` opens the program's enrolment page. Codes are random, unique across the
 * platform and never reused (a code stays reserved after its program is deleted, so an old poster never leads
 * to another company's program).
 *
 * The alphabet is Crockford's base 32 without 0 and 1: digits 2–9 and the letters A–Z without I, L, O and U.
 * Nothing that can be read as another character is ever printed (0/O, 1/I/L), and without U the commonest
 * Polish swear words cannot come out. 30⁵ ≈ 24.3 million codes.
 *
 * Typing is forgiving where it is unambiguous: lower case, spaces, dashes and dots are accepted
 * (` ab3-d9 ` → `AB3D9`), and so is the whole link pasted in (`https://…/k/AB3D9`). 0, O, 1, I and L are
 * never in a code, so there is nothing they could stand for unambiguously: such input is refused with a
 * message saying so, rather than guessed.
 */

export const SHORT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const SHORT_CODE_LENGTH = 5;

/** The path of a short enrolment link in the web app. */
export const shortLinkPath = (code: string) => `/k/${code}`;

const NEVER_IN_A_CODE = /[01OIL]/;
const SEPARATORS = /[\s\-._]/g;

/** What the person typed, stripped of a pasted link's address, separators and case. */
function canonical(input: string): string {
  let text = input.trim();
  const link = /\/k\/([^/?#]*)/i.exec(text);
  if (link) text = link[1]!;
  try {
    text = decodeURIComponent(text);
  } catch {
    // not percent-encoded after all: judged as typed
  }
  return text.replace(SEPARATORS, '').toUpperCase();
}

/** The code in what was typed or pasted, upper case and without separators; null when it is not a code. */
export function normaliseShortCode(input: string): string | null {
  const code = canonical(input);
  if (code.length !== SHORT_CODE_LENGTH) return null;
  for (const char of code) if (!SHORT_CODE_ALPHABET.includes(char)) return null;
  return code;
}

/** Why the input is not a code, in Polish for the person who typed it; null when it is one. */
export function shortCodeProblem(input: string): string | null {
  const code = canonical(input);
  if (code === '') return 'Wpisz kod programu z plakatu, np. AB3D9.';
  if (NEVER_IN_A_CODE.test(code))
    return 'Kod programu nie zawiera liter O, I, L ani cyfr 0 i 1. Sprawdź kod na plakacie.';
  if ([...code].some((char) => !SHORT_CODE_ALPHABET.includes(char)))
    return 'Kod programu składa się tylko z liter i cyfr, np. AB3D9.';
  if (code.length !== SHORT_CODE_LENGTH) return `Kod programu ma ${SHORT_CODE_LENGTH} znaków, np. AB3D9.`;
  return null;
}

/** A code as printed (`AB3D9`): the pattern the OpenAPI document gives for a code the platform answers with. */
export const SHORT_CODE_PATTERN = '^[2-9A-HJKMNP-TV-Z]{5}$';
/**
 * A code as it may be typed (any case, spaces, dashes, dots or underscores around and between its characters),
 * for the document's path parameter. The service accepts a pasted link besides (`…/k/AB3D9`), which the
 * pattern does not describe: it is the forgiving extra, not the format.
 */
export const TYPED_SHORT_CODE_PATTERN = '^[\\s._-]*(?:[2-9A-HJKMNP-TV-Za-hjkmnp-tv-z][\\s._-]*){5}$';
const SHORT_CODE_FORMAT =
  '5 znaków: cyfry 2–9 i litery A–Z bez I, L, O i U (alfabet Crockforda bez 0 i 1), np. AB3D9';

/** The program's short code as the platform gives it (upper case, no separators). */
export const ShortCode = z.string().meta({
  pattern: SHORT_CODE_PATTERN,
  description: `Krótki kod programu: ${SHORT_CODE_FORMAT}.`,
  example: 'AB3D9',
});

export const EnrolmentLinkParams = z.object({
  code: z
    .string()
    .max(200)
    .refine((code) => normaliseShortCode(code) !== null, {
      message: 'Kod programu ma 5 znaków: cyfry 2–9 i litery bez I, L, O i U (np. AB3D9).',
    })
    .meta({
      pattern: TYPED_SHORT_CODE_PATTERN,
      description:
        `Krótki kod programu z plakatu: ${SHORT_CODE_FORMAT}. Wielkość liter bez znaczenia; spacje, ` +
        'myślniki, kropki i podkreślenia są pomijane.',
      example: 'AB3D9',
    }),
});

/** Where a short link leads: the program's enrolment page `/dodaj-karte-do-portfela?program=…&firma=…`. */
export const EnrolmentLink = z
  .object({
    tenantId: z.string(),
    programId: z.string(),
  })
  .meta({ id: 'EnrolmentLink' });
export type EnrolmentLink = z.infer<typeof EnrolmentLink>;

export const EnrolmentLinkErrors = {
  notFound: {
    code: 'ENROLMENT_LINK.NOT_FOUND',
    message: 'Nie znaleziono programu o tym kodzie. Sprawdź kod na plakacie i wpisz go jeszcze raz.',
  },
  /** 429: this device (browser) tried too many unknown codes (ADR 0014, amendment of issue 36) */
  rateLimited: {
    message: 'Zbyt wiele nieznanych kodów z tego urządzenia. Odczekaj kilka minut i spróbuj ponownie.',
  },
  /** 429: the whole network (one IP, e.g. a café's Wi-Fi) tried very many unknown codes; known codes still open */
  rateLimitedNetwork: {
    message:
      'Z tej sieci wpisano bardzo wiele nieznanych kodów, więc nowe kody sprawdzamy dopiero za kilka minut. Spróbuj ponownie później albo otwórz link przez internet komórkowy (bez Wi-Fi).',
  },
} as const;

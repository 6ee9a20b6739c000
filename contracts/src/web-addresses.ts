import { z } from 'zod';
import { isSingleLineText } from './text';

/**
 * Web addresses and e-mail addresses that a company types in and the product hands back (issue 36, finding 1).
 *
 * A stored value is answered through the response schema's JSON Schema (fast-json-stringify), which checks
 * `format: uri` / `format: email` with ajv-formats wherever the field may also be null. Whatever the request
 * accepts must therefore pass those checks, or the save answers 500 and every later read of the screen too.
 * These schemas accept only what both sides agree on, and store the normalised form.
 */

export const HTTPS_URL_MAX = 500;
export const HTTPS_URL_MESSAGE =
  'Podaj poprawny adres strony, np. kawiarnia.pl lub https://g.page/r/twoja-firma/review (tylko https://).';
export const HTTPS_URL_TOO_LONG_MESSAGE = `Adres strony może mieć najwyżej ${HTTPS_URL_MAX} znaków.`;

/** characters a person never means in an address: spaces, quotes, angle brackets and other unsafe marks */
const UNSAFE_IN_URL = /[\s"'<>`\\{}|^]/;
/** a public DNS name (what WHATWG URL leaves of it: lower case, IDN as punycode); no IP address, no `localhost` */
const DNS_NAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
/** RFC 3986 path segments, query and fragment (the characters ajv-formats' `uri` takes) */
const PCHAR = "(?:[A-Za-z0-9\\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})";
const RFC3986_PATH = new RegExp(`^(?:/${PCHAR}*)*$`);
const RFC3986_QUERY_OR_FRAGMENT = new RegExp(`^(?:[#?](?:${PCHAR}|[/?])*)?$`);

/** a scheme as people never type a host with: `javascript:`, `mailto:`, `http://` (not `lipa.pl:8080`) */
const SCHEME = /^[a-z][a-z0-9+.-]*:(?:\/\/|(?!\d))/i;

/**
 * The normalised `https:` address of `value` (WHATWG URL `href`), or null when it is not one to store.
 * An address typed without a scheme (`kawiarnia.pl/menu`, `www.lipa.pl`) is taken as `https://`, as a browser's
 * address bar does; any other scheme (`http:`, `javascript:`) is refused.
 */
export function normaliseHttpsUrl(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed || UNSAFE_IN_URL.test(trimmed) || !isSingleLineText(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(SCHEME.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || !DNS_NAME.test(url.hostname)) return null;
  const ok =
    RFC3986_PATH.test(url.pathname) &&
    RFC3986_QUERY_OR_FRAGMENT.test(url.search) &&
    RFC3986_QUERY_OR_FRAGMENT.test(url.hash);
  return ok && url.href.length <= HTTPS_URL_MAX ? url.href : null;
}

/**
 * A public `https://` page (a review page, a website): trimmed, no spaces, quotes, angle brackets or control
 * characters, parsable by WHATWG URL, at most HTTPS_URL_MAX characters; stored as its normalised `href`.
 * The request side of the OpenAPI document is a string of at most HTTPS_URL_MAX characters; the response side
 * an `https` `uri`.
 */
export const httpsUrl = () =>
  z
    .string()
    .max(HTTPS_URL_MAX, HTTPS_URL_TOO_LONG_MESSAGE)
    .transform((value, ctx) => {
      const normalised = normaliseHttpsUrl(value);
      if (normalised === null) {
        ctx.addIssue({ code: 'custom', message: HTTPS_URL_MESSAGE });
        return z.NEVER;
      }
      return normalised;
    })
    .pipe(
      z.url({ protocol: /^https$/, error: HTTPS_URL_MESSAGE }).max(HTTPS_URL_MAX, HTTPS_URL_TOO_LONG_MESSAGE),
    );

export const EMAIL_MESSAGE = 'Podaj poprawny adres e-mail.';
export const EMAIL_TOO_LONG_MESSAGE = 'Adres e-mail jest za długi.';
/**
 * zod's e-mail rule, except that no part of the domain may end with a hyphen (`ola@firma-.pl`): zod's default
 * lets that through, ajv-formats' `email` does not.
 */
const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

/** An e-mail address to write to: trimmed, lower case, at most 254 characters. */
export const emailAddress = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ pattern: EMAIL_PATTERN, error: EMAIL_MESSAGE }).max(254, EMAIL_TOO_LONG_MESSAGE));

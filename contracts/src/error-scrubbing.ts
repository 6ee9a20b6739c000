/**
 * What an error report may carry off the platform (ADR 0024): no personal data and no secrets. Error reports
 * (the SPA's and the services') pass through `scrubErrorReport` just before they are sent, whatever the SDK
 * put in them: e-mail addresses, phone numbers, bearer tokens, JWTs, signed card payloads, long random
 * strings and `token=`-style query parameters are replaced in every string, and values under keys that name
 * a secret or a person's data are replaced whole. A person's name in free text cannot be recognised, so no
 * code ever puts one into a report: users are described by role and tenant only.
 */

export const FILTERED = '[filtered]';

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}/gi;
const JWT = /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g;
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/-]+=*/gi;
/** `?token=…`, `&code=…`, `sentry_key=…` and the like, in URLs and form bodies */
const SECRET_PARAM =
  /([?&;](?:[\w-]*token|code|key|[\w-]*secret|password|sig|signature|sentry_key|session)=)[^&#\s"']+/gi;
/** the card's signed QR payload (`P1.…`, ADR 0012) */
const CARD_PAYLOAD = /\bP1\.[\w-]+(?:\.[\w-]+)+/g;
/** Polish numbers with or without +48 / 0048, grouped 3-3-3 or written together */
const PHONE = /(?<![\w+])(?:(?:\+|00)48[\s-]?)?\d{3}[\s-]?\d{3}[\s-]?\d{3}(?![\w])/g;
/** international numbers in E.164 */
const E164 = /\+[1-9]\d{7,14}\b/g;
/** unguessable values (reset tokens, keys, refresh tokens): 32+ characters of base64url or hex */
const LONG_RANDOM = /\b(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{32,}\b/g;

/** record ids (tenants, cards, clients) are UUIDs: pseudonymous, and what an operator needs to find the case */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Keys whose value is a secret or personal data, whatever it looks like. `name` alone is not one of them:
 * SDKs use it for the OS, the browser and the SDK itself. */
const SENSITIVE_KEY =
  /pass(?:word|wd)?$|secret|token|^authorization$|^cookies?$|^set-cookie$|e-?mail|phone|telefon|^username$|(?:first|last|full|user|display)_?name$|^address$|^ip_address$|^iban$|^x-sentry-auth$|api[-_]?key/i;

/** The text with personal data and secrets replaced. */
export function scrubText(text: string): string {
  return text
    .replace(JWT, '[token]')
    .replace(BEARER, '$1 [token]')
    .replace(SECRET_PARAM, `$1${FILTERED}`)
    .replace(CARD_PAYLOAD, '[card]')
    .replace(EMAIL, '[email]')
    .replace(E164, '[phone]')
    .replace(PHONE, '[phone]')
    .replace(LONG_RANDOM, (match) => (UUID.test(match) ? match : '[token]'));
}

/** Ids the receiver needs as they are (Sentry's event, trace, span and replay ids are 32/16 hex characters). */
const PROTOCOL_KEY = /^(?:event_id|trace_id|span_id|parent_span_id|replay_id|sid|debug_id|release|dist)$/;

const MAX_DEPTH = 24;

function scrubValue(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH || seen.has(value)) return FILTERED;
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (PROTOCOL_KEY.test(key) && typeof item === 'string') out[key] = item;
    else if (SENSITIVE_KEY.test(key) && item !== null && item !== undefined && item !== '')
      out[key] = FILTERED;
    else out[key] = scrubValue(item, depth + 1, seen);
  }
  return out;
}

/**
 * A copy of an error report (a Sentry event, a breadcrumb, an envelope item) without personal data: every
 * string scrubbed, sensitive keys filtered, and the user reduced to nothing that identifies a person.
 */
export function scrubErrorReport<T>(report: T): T {
  const scrubbed = scrubValue(report, 0, new WeakSet()) as T;
  if (scrubbed && typeof scrubbed === 'object' && 'user' in scrubbed) {
    // SPEC §6 attaches the role and the tenant as tags; a user object would only add who the person is
    delete (scrubbed as { user?: unknown }).user;
  }
  return scrubbed;
}

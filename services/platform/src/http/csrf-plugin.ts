import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PermissionDeniedError } from '../errors/errors';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './auth-plugin';

export const CSRF_REJECTED = 'CSRF_REJECTED';
export const CSRF_MESSAGE =
  'Żądanie odrzucone ze względów bezpieczeństwa. Odśwież stronę i spróbuj ponownie.';

export interface CsrfPluginOptions {
  /** extra trusted origins, e.g. `http://localhost:5173` (Vite dev server); exact `scheme://host[:port]` */
  allowedOrigins?: readonly string[];
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Same-origin check for state-changing requests (defence in depth next to SameSite=Lax cookies).
 *
 * For POST/PUT/PATCH/DELETE:
 * - an `Origin` header (else the origin of `Referer`) must equal the request's own origin
 *   (`x-forwarded-proto` + `x-forwarded-host`/`host`, which Fastify resolves because services trust the
 *   gateway) or one of `allowedOrigins`; `Origin: null` (sandboxed frames, privacy redirects) is rejected;
 * - with neither header, the request is rejected when it carries one of our session cookies (the access or
 *   the refresh cookie) or `Sec-Fetch-Site` says `cross-site`/`same-site` (issue 36: a cookie-borne call
 *   without either header was accepted). Browsers send `Origin` on unsafe requests, so a caller with a
 *   person's cookies and no `Origin`/`Referer` is no page of ours; a client that is no browser (curl,
 *   server-to-server, tests) signs in with `Authorization: Bearer` (auth-plugin.ts) or sends its own origin.
 *   A request with no session cookie (anonymous login or registration from curl) still passes: it rides on
 *   nobody's session.
 * Rejection: 403 with code CSRF_REJECTED and a Polish message.
 */
export const csrfPlugin = fp<CsrfPluginOptions>(
  async (app, options) => {
    const allowed = new Set((options.allowedOrigins ?? []).map(normalise).filter(Boolean));
    app.addHook('onRequest', async (request) => {
      if (!UNSAFE.has(request.method)) return;
      const claimed = claimedOrigin(request);
      if (claimed === undefined) {
        const site = request.headers['sec-fetch-site'];
        if (site === 'cross-site' || site === 'same-site') throw rejected();
        if (carriesSession(request)) {
          request.log.info('csrf: session cookie without Origin or Referer rejected');
          throw rejected();
        }
        return;
      }
      const own = normalise(`${request.protocol}://${request.host}`);
      if (claimed && (claimed === own || allowed.has(claimed))) return;
      request.log.info({ origin: claimed, own }, 'csrf: foreign origin rejected');
      throw rejected();
    });
  },
  { name: 'punkto-csrf' },
);

const SESSION_COOKIES = [ACCESS_COOKIE, REFRESH_COOKIE];

/**
 * Whether the `Cookie` header carries a non-empty session cookie of ours, valid or not (read here, not from
 * `request.cookies`, so the check does not depend on the cookie plugin's hook running first).
 */
function carriesSession(request: FastifyRequest): boolean {
  const header = request.headers.cookie;
  if (!header) return false;
  return header.split(';').some((pair) => {
    const at = pair.indexOf('=');
    if (at < 0) return false;
    return SESSION_COOKIES.includes(pair.slice(0, at).trim()) && pair.slice(at + 1).trim() !== '';
  });
}

const rejected = () => new PermissionDeniedError(CSRF_MESSAGE, CSRF_REJECTED);

/** `undefined` when the request carried neither header; `''` when it carried an unusable one. */
function claimedOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (typeof origin === 'string') return origin === 'null' ? '' : normalise(origin);
  const referer = request.headers.referer;
  if (typeof referer === 'string') return normalise(referer);
  return undefined;
}

/** `scheme://host[:port]` in lower case with default ports dropped; '' when unparsable. */
function normalise(value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    return url.origin.toLowerCase();
  } catch {
    return '';
  }
}

import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PermissionDeniedError } from '../errors/errors';

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
 * - with neither header, the request passes UNLESS `Sec-Fetch-Site` says `cross-site`/`same-site`:
 *   browsers always send `Origin` on cross-site unsafe requests, so a request without it comes from a
 *   non-browser client (curl, server-to-server, tests), which cannot ride on a person's cookies.
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

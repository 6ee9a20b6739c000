import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every gateway answer (the SPA's pages, its assets and the API), as one string.
 * `payments` are the third-party origins of the payment provider's card form (config.ts `paymentOrigins`: PayU's
 * when billing uses PayU, none with the sandbox). `upgrade-insecure-requests` is not here: it is added per
 * request, over HTTPS only (app.ts `registerTransportHeaders`).
 */
export function contentSecurityPolicy(payments: readonly string[]): string {
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['base-uri', ["'self'"]],
    ['font-src', ["'self'", 'data:']],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['object-src', ["'none'"]],
    // 'wasm-unsafe-eval': the scanner's bundled QR decoder (zxing-wasm) compiles WebAssembly
    ['script-src', ["'self'", "'wasm-unsafe-eval'", ...payments]],
    ['script-src-attr', ["'none'"]],
    // Mantine writes CSS variables in style attributes
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['connect-src', ["'self'", ...payments]],
    ['frame-src', ["'self'", ...payments]],
    // the staff scanner's service worker and its web app manifest (ADR 0049): our own files only
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
  ];
  return directives.map(([name, sources]) => [name, ...sources].join(' ')).join(';');
}

/**
 * The CSP of the API's documentation page (`/api/docs`, Swagger UI, docs.ts) and its assets, instead of the one
 * @fastify/swagger-ui writes: that one sends `upgrade-insecure-requests` on every answer (over plain HTTP, on a
 * LAN trial, the browser then asks for its scripts over HTTPS, which nobody serves, and the page stays blank),
 * allows any HTTPS style sheet (`style-src 'self' https:`) and lets any page of ours frame it. Swagger UI's
 * scripts, styles and fonts are files of the package served here; its React code writes styles through the
 * DOM (not blocked by CSP), so it needs no inline source, no hash and no third party (`validatorUrl` is null:
 * no validator.swagger.io badge). `upgrade-insecure-requests` is added over HTTPS only, as for every answer.
 */
export const API_DOCS_CSP =
  "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
  "img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self';" +
  "connect-src 'self'";

/**
 * Browser features no page of ours uses are switched off for our pages and every frame in them (PayU's card
 * form included), so injected or third-party script cannot ask for them. The camera stays ours: the panel's
 * scanner (web/src/features/scanner) reads card QR codes with getUserMedia; the clipboard (copying an
 * enrolment link) is allowed to our own origin by default and is not listed, nor is autoplay (the scanner
 * plays the camera's stream in a video element). `payment=()`: PayU's secure form
 * is card fields in frames and a tokenize call, not the Payment Request API. Only features Chromium knows
 * are named: an unknown one makes it log an error on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'bluetooth=()',
  'browsing-topics=()',
  'camera=(self)',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * Every security header the gateway sets, in the order and spelling helmet 8 wrote them with the options the
 * gateway passed it until issue 19 (its defaults, our CSP, no Cross-Origin-Embedder-Policy, no HSTS: app.ts adds
 * that over HTTPS in production only), plus Permissions-Policy (issue 36). Pinned byte for byte by
 * security-headers.unit.spec.ts.
 *
 * One frame policy: no page of ours may be framed by anyone, ourselves included (nothing of ours frames our
 * pages; the only frames are PayU's, inside our page). CSP says it with `frame-ancestors 'none'`, and
 * X-Frame-Options says the same, `DENY` — not helmet's `SAMEORIGIN`, which contradicted it. X-Frame-Options is
 * kept for browsers without CSP level 2 (and the scanners that look for it); where both are understood,
 * `frame-ancestors` wins, so the two must agree or the answer depends on the browser.
 */
export function securityHeaders(payments: readonly string[]): ReadonlyArray<readonly [string, string]> {
  const headers: Array<readonly [string, string]> = [
    ['Content-Security-Policy', contentSecurityPolicy(payments)],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    ['Referrer-Policy', 'no-referrer'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'DENY'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
  ];
  return Object.freeze(headers.map((header) => Object.freeze(header)));
}

/**
 * Sets the security headers on every answer, built once at start-up (helmet rebuilt its middleware, the CSP
 * string included, on every request: about 5 % of the gateway's CPU per proxied call in a profile, plus the
 * garbage). They go on the raw response as the request arrives, as helmet did, so anything set later wins as
 * before: an upstream service's own header (copied by the proxy), the API docs page's CSP (docs.ts), the HTTPS
 * additions.
 */
export function registerSecurityHeaders(app: FastifyInstance, payments: readonly string[]): void {
  const headers = securityHeaders(payments);
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}

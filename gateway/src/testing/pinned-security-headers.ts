/**
 * The gateway's security headers as the tests pin them: the values helmet 8 sent with the gateway's options before
 * the headers were built once (issue 19), byte for byte, with issue 36's Permissions-Policy and one frame policy
 * (X-Frame-Options DENY beside frame-ancestors 'none'), and the scanner's service worker and manifest (ADR 0049:
 * worker-src and manifest-src 'self', which default-src already implied, said outright). A change here is a change
 * of the product's security headers, not a refactoring.
 */
export const SANDBOX_CSP =
  "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
  "img-src 'self' data: blob:;object-src 'none';script-src 'self' 'wasm-unsafe-eval';script-src-attr 'none';" +
  "style-src 'self' 'unsafe-inline';connect-src 'self';frame-src 'self';worker-src 'self';manifest-src 'self'";
export const PAYU_CSP =
  "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
  "img-src 'self' data: blob:;object-src 'none';script-src 'self' 'wasm-unsafe-eval' https://secure.snd.payu.com;" +
  "script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self' https://secure.snd.payu.com;" +
  "frame-src 'self' https://secure.snd.payu.com;worker-src 'self';manifest-src 'self'";

/** The API docs page (/api/docs, Swagger UI): our files only, no inline style, no https: wildcard. */
export const API_DOCS_CSP =
  "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
  "img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self';" +
  "connect-src 'self'";

/** Everything off but the scanner's camera, for our own origin only. */
export const PERMISSIONS_POLICY =
  'accelerometer=(), bluetooth=(), browsing-topics=(), camera=(self), display-capture=(), ' +
  'geolocation=(), gyroscope=(), hid=(), idle-detection=(), magnetometer=(), microphone=(), midi=(), ' +
  'payment=(), screen-wake-lock=(), serial=(), usb=(), xr-spatial-tracking=()';

export const withCsp = (csp: string): Array<[string, string]> => [
  ['Content-Security-Policy', csp],
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

/**
 * The gateway's security headers as the tests pin them: the values helmet 8 sent with the gateway's options before
 * the headers were built once (issue 19), byte for byte. A change here is a change of the product's security
 * headers, not a refactoring.
 */
export const SANDBOX_CSP =
  "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
  "img-src 'self' data: blob:;object-src 'none';script-src 'self' 'wasm-unsafe-eval';script-src-attr 'none';" +
  "style-src 'self' 'unsafe-inline';connect-src 'self';frame-src 'self'";
export const PAYU_CSP =
  "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
  "img-src 'self' data: blob:;object-src 'none';script-src 'self' 'wasm-unsafe-eval' https://secure.snd.payu.com;" +
  "script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self' https://secure.snd.payu.com;" +
  "frame-src 'self' https://secure.snd.payu.com";

export const withCsp = (csp: string): Array<[string, string]> => [
  ['Content-Security-Policy', csp],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

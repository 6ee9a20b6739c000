import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders } from './security-headers';

// The values helmet 8 sent with the gateway's options before the headers were built once (issue 19), byte for
// byte: a change here is a change of the product's security headers, not a refactoring.
const SANDBOX_CSP =
  "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
  "img-src 'self' data: blob:;object-src 'none';script-src 'self' 'wasm-unsafe-eval';script-src-attr 'none';" +
  "style-src 'self' 'unsafe-inline';connect-src 'self';frame-src 'self'";
const PAYU_CSP =
  "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
  "img-src 'self' data: blob:;object-src 'none';script-src 'self' 'wasm-unsafe-eval' https://secure.snd.payu.com;" +
  "script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self' https://secure.snd.payu.com;" +
  "frame-src 'self' https://secure.snd.payu.com";

const withCsp = (csp: string) => [
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

describe('the security headers of every gateway answer', () => {
  it('with the sandbox payment provider: no third-party origin anywhere', () => {
    expect(contentSecurityPolicy([])).toBe(SANDBOX_CSP);
    expect(securityHeaders([])).toEqual(withCsp(SANDBOX_CSP));
  });

  it('with PayU: its origin for scripts, calls and frames, and nowhere else', () => {
    expect(contentSecurityPolicy(['https://secure.snd.payu.com'])).toBe(PAYU_CSP);
    expect(securityHeaders(['https://secure.snd.payu.com'])).toEqual(withCsp(PAYU_CSP));
  });

  it('is built once: the list cannot be changed by one answer for the next', () => {
    const headers = securityHeaders([]);
    expect(Object.isFrozen(headers)).toBe(true);
    expect(() => (headers as Array<unknown>).push(['X-Powered-By', 'x'])).toThrow();
  });
});

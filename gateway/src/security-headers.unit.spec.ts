import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders } from './security-headers';
import { PAYU_CSP, SANDBOX_CSP, withCsp } from './testing/pinned-security-headers';

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

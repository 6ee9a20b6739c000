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
  ];
  return directives.map(([name, sources]) => [name, ...sources].join(' ')).join(';');
}

/**
 * Every security header the gateway sets, in the order, spelling and values helmet 8 wrote them with the
 * options the gateway passed it until issue 19 (its defaults, our CSP, no Cross-Origin-Embedder-Policy, no
 * HSTS: app.ts adds that over HTTPS in production only). Pinned byte for byte by security-headers.unit.spec.ts.
 */
export function securityHeaders(payments: readonly string[]): ReadonlyArray<readonly [string, string]> {
  const headers: Array<readonly [string, string]> = [
    ['Content-Security-Policy', contentSecurityPolicy(payments)],
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
  return Object.freeze(headers.map((header) => Object.freeze(header)));
}

/**
 * Sets the security headers on every answer, built once at start-up (helmet rebuilt its middleware, the CSP
 * string included, on every request: about 5 % of the gateway's CPU per proxied call in a profile, plus the
 * garbage). They go on the raw response as the request arrives, as helmet did, so anything set later wins as
 * before: an upstream service's own header (copied by the proxy), the API document's CSP (@fastify/swagger-ui),
 * the HTTPS additions.
 */
export function registerSecurityHeaders(app: FastifyInstance, payments: readonly string[]): void {
  const headers = securityHeaders(payments);
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}

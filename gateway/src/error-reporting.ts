import { ErrorCodes } from '@punkto/contracts/errors';
import { getErrorReportingConfig } from '@punkto/contracts/endpoints/platform';
import { AppError } from '@punkto/platform/errors/errors';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance } from 'fastify';

/** Where the SPA's SDK sends its envelopes (same origin: the CSP's connect-src stays `'self'`). */
export const ERROR_TUNNEL_PATH = '/api/v1/monitoring/envelope';
/** An error event with its breadcrumbs is a few kB; a replay segment (uncompressed, masked) up to a few hundred. */
export const ERROR_TUNNEL_BODY_LIMIT = 1_048_576;
const UPSTREAM_TIMEOUT_MS = 5_000;

export interface ParsedDsn {
  dsn: string;
  publicKey: string;
  projectId: string;
  /** `https://o1.ingest.sentry.io/api/42/envelope/` */
  envelopeUrl: string;
}

export function parseDsn(dsn: string): ParsedDsn {
  const url = new URL(dsn);
  const segments = url.pathname.split('/').filter(Boolean);
  const projectId = segments.pop() ?? '';
  const prefix = segments.length ? `/${segments.join('/')}` : '';
  return {
    dsn,
    publicKey: decodeURIComponent(url.username),
    projectId,
    envelopeUrl: `${url.protocol}//${url.host}${prefix}/api/${projectId}/envelope/`,
  };
}

/** The envelope header's `dsn` (its first line, JSON), or null when the body is no envelope. */
export function envelopeDsn(body: Buffer): string | null {
  const end = body.indexOf(0x0a);
  try {
    const header = JSON.parse(body.subarray(0, end === -1 ? body.length : end).toString('utf8')) as unknown;
    const dsn = (header as { dsn?: unknown } | null)?.dsn;
    return typeof dsn === 'string' ? dsn : null;
  } catch {
    return null;
  }
}

export interface ErrorReportingRoutesOptions {
  /** the browser project's DSN (ERROR_REPORTING_BROWSER_DSN); undefined = the SPA reports nothing */
  browserDsn: string | undefined;
  environment: string;
  /** envelopes per IP and minute through the tunnel */
  tunnelPerMinute?: number;
}

/**
 * The SPA's error reporting through the gateway (ADR 0024): the configuration it asks for after consent, and
 * a tunnel that forwards Sentry envelopes to the one configured project — only envelopes addressed to that
 * DSN (no open relay), authenticated with its public key, without the visitor's IP address (the receiver sees
 * the gateway's), with the receiver's status and rate-limit headers passed back so the SDK backs off.
 */
export async function registerErrorReporting(
  app: FastifyInstance,
  options: ErrorReportingRoutesOptions,
): Promise<void> {
  const target = options.browserDsn ? parseDsn(options.browserDsn) : null;

  registerEndpoint(app, getErrorReportingConfig, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { dsn: target?.dsn ?? null, environment: options.environment, tunnel: ERROR_TUNNEL_PATH };
  });

  await app.register(async (scope) => {
    // envelopes are newline-delimited JSON with binary items, sent as text/plain or without a type
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: ERROR_TUNNEL_BODY_LIMIT },
      (_r, body, done) => done(null, body),
    );
    scope.post(
      ERROR_TUNNEL_PATH,
      { config: { rateLimit: { max: options.tunnelPerMinute ?? 120, timeWindow: '1 minute' } } },
      async (request, reply) => {
        if (!target) throw new AppError(404, ErrorCodes.notFound, 'Raportowanie błędów jest wyłączone.');
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (envelopeDsn(body) !== target.dsn)
          throw new AppError(400, ErrorCodes.badRequest, 'To nie jest raport błędu dla tej aplikacji.');
        let upstream: Response;
        try {
          upstream = await fetch(target.envelopeUrl, {
            method: 'POST',
            body,
            headers: {
              'content-type': 'application/x-sentry-envelope',
              'x-sentry-auth': `Sentry sentry_version=7, sentry_key=${target.publicKey}, sentry_client=punkto-gateway-tunnel/1`,
            },
            signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
          });
        } catch (error) {
          request.log.warn({ err: error }, 'error-reporting receiver unreachable');
          throw new AppError(
            502,
            ErrorCodes.upstreamUnavailable,
            'Usługa raportowania błędów jest chwilowo niedostępna.',
          );
        }
        for (const header of ['retry-after', 'x-sentry-rate-limits']) {
          const value = upstream.headers.get(header);
          if (value) reply.header(header, value);
        }
        const answer = await upstream.text();
        return reply
          .status(upstream.status)
          .type(upstream.headers.get('content-type') ?? 'application/json')
          .send(answer);
      },
    );
  });
}

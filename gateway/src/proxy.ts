import httpProxy from '@fastify/http-proxy';
import { ErrorCodes } from '@punkto/contracts/errors';
import { allowedMethods, ownerOf } from '@punkto/contracts/routing';
import { MethodNotAllowedError, NotFoundError, PayloadTooLargeError } from '@punkto/platform/errors/errors';
import { toHttpError } from '@punkto/platform/http/error-handler';
import { MAX_PARAM_LENGTH } from '@punkto/platform/http/server';
import { isLoopbackRequest } from '@punkto/platform/http/loopback-only';
import { tracer } from '@punkto/platform/observability/tracing';
import { context, propagation, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { errorCodes } from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** the CLIENT span of the proxied call, ended when the response to the caller is */
    upstreamSpan?: Span;
    /** the service an `/api/v1` call goes to, looked up once in the contracts' router (registerApiProxy) */
    upstreamService?: UpstreamName;
  }
}
import type { Upstreams } from './config';

type UpstreamName = keyof Upstreams;

const JWKS_PATH = '/.well-known/jwks.json';

const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  // `Expect: 100-continue` is answered by this server; forwarded, undici fails the request (502)
  'expect',
];

/** Upstream failures become JSON in the spec's error shapes — never a hang, never an HTML page. */
function upstreamFailure(
  reply: FastifyReply,
  error: { error?: Error & { code?: string; statusCode?: number } },
) {
  const cause = error.error;
  // the gateway itself cut a streamed body at its limit (app.ts refuseOversizedBodies)
  const tooLarge = [cause, (cause as { cause?: unknown } | undefined)?.cause].find(
    (e): e is PayloadTooLargeError => e instanceof PayloadTooLargeError,
  );
  if (tooLarge) {
    const { status, body } = toHttpError(tooLarge);
    return reply
      .status(status)
      .header('connection', 'close')
      .type('application/json; charset=utf-8')
      .send(body);
  }
  const timedOut =
    cause?.statusCode === 504 || /timeout/i.test(cause?.code ?? '') || /timeout/i.test(cause?.message ?? '');
  const status = timedOut ? 504 : 502;
  reply.log.warn({ err: cause, status }, 'upstream failed');
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({
      code: timedOut ? ErrorCodes.upstreamTimeout : ErrorCodes.upstreamUnavailable,
      localizedMessage: timedOut
        ? 'Serwer nie odpowiedział na czas. Spróbuj ponownie za chwilę.'
        : 'Usługa jest chwilowo niedostępna. Spróbuj ponownie za chwilę.',
      status,
    });
}

type Headers = Record<string, string | string[] | undefined>;

/**
 * Request headers sent upstream: hop-by-hop removed, request id, forwarding info and the gateway span's trace.
 * `headers` is the proxy's own copy of the caller's headers (reply-from copies them for each call), so they
 * are edited in place rather than copied once more.
 */
function forwardHeaders(request: FastifyRequest, headers: Headers, upstream: string): Headers {
  for (const name of HOP_BY_HOP) if (headers[name] !== undefined) delete headers[name];
  headers['x-request-id'] = request.id;
  headers['x-forwarded-for'] = request.ip;
  headers['x-forwarded-proto'] = request.protocol;
  headers['x-forwarded-host'] = request.host;
  if (headers.traceparent !== undefined) delete headers.traceparent;
  if (headers.tracestate !== undefined) delete headers.tracestate;
  // the upstream call is a CLIENT span under the gateway's SERVER span; the service continues it
  request.upstreamSpan?.end();
  const active = context.active();
  request.upstreamSpan = tracer().startSpan(
    request.method,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'http.request.method': request.method,
        'url.path': request.url.split('?')[0] ?? '',
        'punkto.upstream': upstream,
      },
    },
    active,
  );
  propagation.inject(trace.setSpan(active, request.upstreamSpan), headers);
  return headers;
}

/** Ends each proxied call's CLIENT span with the status the caller got (upstream's, or the gateway's 502/504). */
export function traceUpstreamCalls(app: FastifyInstance): void {
  // declared up front, so every request object has the same shape (V8) instead of growing per request
  app.decorateRequest('upstreamSpan', undefined);
  app.decorateRequest('upstreamService', undefined);
  app.addHook('onResponse', (request, reply, done) => {
    const span = request.upstreamSpan;
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    request.upstreamSpan?.setStatus({ code: SpanStatusCode.ERROR, message: 'client aborted' });
    request.upstreamSpan?.end();
    done();
  });
}

/** What every proxy of the gateway shares: undici with keep-alive, a hard timeout, no retries of writes. */
function proxyOptions(timeoutMs: number, upstreamOf: (request: FastifyRequest) => string) {
  return {
    undici: {
      connections: 128,
      pipelining: 1,
      keepAliveTimeout: 60_000,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    },
    retryMethods: [],
    maxRetriesOn503: 0,
    // no "fetching from remote server" / "response received" info lines: the request's own log lines (and the
    // upstream's) say the same; failures are still logged (upstreamFailure)
    disableRequestLogging: true,
    replyOptions: {
      rewriteRequestHeaders: (
        request: FastifyRequest,
        headers: Record<string, string | string[] | undefined>,
      ) => forwardHeaders(request, headers, upstreamOf(request)),
      onError: (reply: FastifyReply, error: unknown) => upstreamFailure(reply, error as never),
    },
  };
}

/**
 * Server-sent events (the live card updates) stay open and are idle between heartbeats (15 s), so the
 * upstream timeout, which undici applies to the gaps between body chunks too, must not end them: an event
 * stream (`Accept: text/event-stream`) gets a longer limit that still detects a dead upstream.
 */
export const EVENT_STREAM_TIMEOUT_MS = 60_000;

/**
 * What a service's own server answers for a path it has no route for (platform error-handler.ts): 405 with
 * the methods it allows, else a JSON 404. For a service mounted on this server, whose routes did not match.
 */
function unmatched(request: FastifyRequest, reply: FastifyReply): Error {
  const path = request.url.split('?')[0] ?? '';
  const methods = allowedMethods(path);
  // the contract takes this method on this path, yet no route of the scope matched: a path parameter longer than
  // every server's router takes (platform server.ts), which a service's own server answers 414
  if (
    (methods as readonly string[]).includes(request.method) &&
    path.split('/').some((part) => part.length > MAX_PARAM_LENGTH)
  )
    return new errorCodes.FST_ERR_MAX_PARAM_LENGTH(path);
  const allowed = methods.filter((method) => method !== request.method);
  if (allowed.length) {
    reply.header('allow', allowed.join(', '));
    return new MethodNotAllowedError();
  }
  return new NotFoundError(`Nie znaleziono zasobu: ${request.method} ${path}`);
}

/**
 * `/api/v1/*` → the owning service, by the router built from the contracts (contracts/src/routing.ts). One
 * proxy with a per-request upstream; paths that no service owns get a JSON 404 before any network hop, and
 * so do paths of a service mounted on this server (`mounted`) that none of its routes matched.
 */
export async function registerApiProxy(
  app: FastifyInstance,
  upstreams: Partial<Upstreams>,
  timeoutMs: number,
  mounted: ReadonlySet<string> = new Set(),
): Promise<void> {
  const common = proxyOptions(timeoutMs, (request) => request.upstreamService ?? 'unknown');
  await app.register(httpProxy, {
    ...common,
    // no fixed upstream: reply-from would pin its undici client to it and ignore getUpstream
    upstream: '',
    prefix: '/api/v1',
    rewritePrefix: '/api/v1',
    preHandler: (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
      const owner = ownerOf(request.url, request.method);
      if (owner && !mounted.has(owner)) {
        request.upstreamService = owner;
        return done();
      }
      if (owner) return done(unmatched(request, reply));
      done(new NotFoundError(`Nie znaleziono zasobu: ${request.method} ${request.url.split('?')[0]}`));
    },
    replyOptions: {
      ...common.replyOptions,
      getUpstream: (request: FastifyRequest) => upstreams[request.upstreamService!]!,
    },
    handler: (request: FastifyRequest, reply: FastifyReply, dest: string, options: object) =>
      reply.from(
        dest,
        request.headers.accept?.includes('text/event-stream')
          ? { ...options, timeout: Math.max(timeoutMs, EVENT_STREAM_TIMEOUT_MS) }
          : options,
      ),
  } as never);
}

/**
 * `/.well-known/jwks.json` → identity: the public keys of access tokens, where the API document says they are
 * (for machine clients and other verifiers; nothing secret).
 */
export async function registerJwksProxy(app: FastifyInstance, identityUrl: string, timeoutMs: number) {
  await app.register(httpProxy, {
    ...proxyOptions(timeoutMs, () => 'identity'),
    upstream: identityUrl,
    prefix: JWKS_PATH,
    rewritePrefix: JWKS_PATH,
    httpMethods: ['GET', 'HEAD'],
  } as never);
}

/**
 * The development pages of the notification service (embedded adapters only): `/dev/mailbox*` (the e-mails
 * "sent") and `/dev/wallet` (the APNs pushes and Google Wallet messages "sent"). With `loopbackOnly`
 * (DEV_MAILBOX=loopback, the default) anyone not on this machine gets exactly what an unknown path gets.
 */
export async function registerDevMailboxProxy(
  app: FastifyInstance,
  notificationUrl: string,
  timeoutMs: number,
  { loopbackOnly }: { loopbackOnly: boolean },
): Promise<void> {
  for (const prefix of ['/dev/mailbox', '/dev/wallet'])
    await app.register(httpProxy, {
      ...proxyOptions(timeoutMs, () => 'notification'),
      upstream: notificationUrl,
      prefix,
      rewritePrefix: prefix,
      preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
        if (loopbackOnly && !isLoopbackRequest(request)) return reply.callNotFound();
      },
    } as never);
}

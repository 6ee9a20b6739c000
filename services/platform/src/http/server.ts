import Fastify, { type FastifyInstance, type FastifyReply, type RouteHandlerMethod } from 'fastify';
import { createRequire } from 'node:module';
import { v7 as uuidv7 } from 'uuid';
import type { Logger } from '../observability/logger';
import { httpMetricsPlugin } from '../observability/http-metrics';
import type { Metrics } from '../observability/metrics';
import { clientErrorResponse, installErrorHandler, toHttpError } from './error-handler';
import { tracingPlugin } from './tracing-plugin';

export type ReadinessCheck = () => Promise<void>;

export interface ServerOptions {
  service: string;
  logger: Logger;
  /** named checks run by `/readyz`; any throw → 503 */
  readiness?: Record<string, ReadinessCheck>;
  /** max body size in bytes, default 1 MiB */
  bodyLimit?: number;
  /** behind the gateway: trust X-Forwarded-* from it */
  trustProxy?: boolean;
  /**
   * treat an empty `application/json` body as no body (default true); the gateway turns it off because its
   * proxy registers its own pass-through parsers
   */
  acceptEmptyJsonBody?: boolean;
  /** replaces the JSON 404 (the gateway falls back to the SPA) */
  notFoundHandler?: RouteHandlerMethod;
  /** the process's metrics: every answered request counted and timed by route pattern (ADR 0019) */
  metrics?: Metrics;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** The largest unread body a server discards after an early answer, keeping the connection (see onSend). */
const DISCARD_LIMIT = 16 * 1024 * 1024;

/** What a service accepts in one request body (JSON); the gateway refuses larger non-upload bodies itself. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * The longest path parameter a server's router matches (Fastify's default): a longer one is answered 414. The
 * gateway answers the same for a service mounted on it whose route its catch-all proxy matched instead.
 */
export const MAX_PARAM_LENGTH = 100;

type Serializer = (data: unknown) => string;
type RouteSerializerCompiler = (route: { schema?: unknown; [key: string]: unknown }) => Serializer;
type SerializerFactory = (externalSchemas: unknown, options: unknown) => RouteSerializerCompiler;

/** Fastify's own serializer compiler (fast-json-stringify), from the copy Fastify itself depends on. */
const fastifySerializers = (
  createRequire(createRequire(import.meta.url).resolve('fastify'))(
    '@fastify/fast-json-stringify-compiler',
  ) as { SerializerSelector: () => SerializerFactory }
).SerializerSelector;

/**
 * Fastify's serializers, each compiled on its route's first response with that status instead of while the
 * server starts: compiling every response schema of a service (fast-json-stringify) was about a quarter of
 * the CPU the one process spent before it could answer (issue 19), for routes most starts never serve. The
 * same compiler and options, so the same output; a broken response schema fails that route's response (500)
 * instead of the start, and the route tests serve every route.
 */
function onFirstResponse(build: SerializerFactory): SerializerFactory {
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    return (route) => {
      let serialize: Serializer | undefined;
      return (data) => (serialize ??= compile(route))(data);
    };
  };
}

/**
 * The Fastify factory every service and the gateway start from: request ids (`x-request-id`, kept when
 * the caller sent a sane one), tracing, HTTP metrics (with `metrics`), the ONE error handler, JSON 404s,
 * `/healthz` and `/readyz`.
 */
export function createServer(options: ServerOptions): FastifyInstance {
  const app = Fastify({
    loggerInstance: options.logger,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    trustProxy: options.trustProxy ?? true,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : uuidv7();
    },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    schemaController: { compilersFactory: { buildSerializer: onFirstResponse(fastifySerializers()) } },
    // errors raised before a route runs (a bad `%` escape, an over-long path parameter) in the spec's shapes
    frameworkErrors: (error, _request, reply) => {
      const { status, body } = toHttpError(error);
      void (reply as FastifyReply).status(status).type('application/json; charset=utf-8').send(body);
    },
    clientErrorHandler: (error: Error & { code?: string }, socket) => {
      const response = socket.destroyed ? null : clientErrorResponse(error);
      if (response && socket.writable) socket.end(response);
      else socket.destroy(error);
    },
  }) as unknown as FastifyInstance;

  // Answering before the request's body was read (413, an early refusal, an upstream that answered first):
  // - nobody has started reading it and it is of a bounded size → Node discards it once the answer is sent and
  //   the connection stays usable (closing at once instead would reset the connection under a client still
  //   uploading, and it could lose the answer);
  // - it is being read elsewhere (a proxy streaming it upstream), or too large or of unknown length to discard
  //   → close the connection, or the client's next request on it would hang behind the unread body
  //   (PITFALLS.md, issue 15 finding 3).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.raw.complete && hasBody(request.headers)) {
      const length = Number(request.headers['content-length'] ?? NaN);
      const discardable = request.raw.readableFlowing === null && length <= DISCARD_LIMIT;
      if (!discardable) reply.header('connection', 'close');
    }
    done(null, payload);
  });

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  if (options.acceptEmptyJsonBody ?? true) acceptEmptyJsonBodies(app);
  app.register(tracingPlugin);
  if (options.metrics) app.register(httpMetricsPlugin, { metrics: options.metrics });
  installErrorHandler(app, options.notFoundHandler);

  app.get('/healthz', { logLevel: 'warn' }, async () => ({
    status: 'ok' as const,
    service: options.service,
  }));
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const checks: Record<string, string> = {};
    let ok = true;
    for (const [name, check] of Object.entries(options.readiness ?? {})) {
      try {
        await check();
        checks[name] = 'ok';
      } catch (error) {
        ok = false;
        checks[name] = error instanceof Error ? error.message : 'failed';
      }
    }
    return reply
      .status(ok ? 200 : 503)
      .send({ status: ok ? 'ok' : 'unavailable', service: options.service, checks });
  });
  return app;
}

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  return Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;
}

/**
 * The SPA sends `Content-Type: application/json` on every non-GET call (SPEC §7), including body-less ones
 * (logout, resend-email-confirmation). Fastify's default parser rejects an empty JSON body with 400; here an
 * empty body is simply no body. Everything else goes through Fastify's own prototype-poisoning-safe parser.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}

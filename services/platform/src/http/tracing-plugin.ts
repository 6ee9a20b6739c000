import { context, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import fp from 'fastify-plugin';
import { extractContext, tracer } from '../observability/tracing';

declare module 'fastify' {
  interface FastifyRequest {
    span?: Span;
  }
}

/**
 * One server span per request, child of the caller's W3C `traceparent`. The rest of the request runs inside
 * that span's context (AsyncLocalStorage), so logs, outgoing calls and appended events carry the trace.
 * The trace id is echoed as `x-trace-id` for support.
 */
export const tracingPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      const parent = extractContext(request.headers);
      const span = tracer().startSpan(
        `${request.method} ${request.routeOptions.url ?? 'unknown'}`,
        {
          kind: SpanKind.SERVER,
          attributes: { 'http.request.method': request.method, 'url.path': request.url.split('?')[0] ?? '' },
        },
        parent,
      );
      request.span = span;
      reply.header('x-trace-id', span.spanContext().traceId);
      context.with(trace.setSpan(parent, span), done);
    });
    app.addHook('onResponse', (request, reply, done) => {
      request.span?.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) request.span?.setStatus({ code: SpanStatusCode.ERROR });
      request.span?.end();
      done();
    });
  },
  { name: 'punkto-tracing' },
);

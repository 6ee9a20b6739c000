import {
  context,
  propagation,
  trace,
  type Context,
  type Span,
  SpanKind,
  SpanStatusCode,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { ConsoleSpanExporter, SimpleSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

let provider: NodeTracerProvider | undefined;

/**
 * Starts the OpenTelemetry SDK once per process: W3C trace-context propagation, AsyncLocalStorage context,
 * and an exporter chosen by configuration ('none' still creates real spans, so ids propagate).
 */
export function initTracing(serviceName: string, exporter: 'none' | 'console' = 'none'): NodeTracerProvider {
  if (provider) return provider;
  const spanProcessors: SpanProcessor[] =
    exporter === 'console' ? [new SimpleSpanProcessor(new ConsoleSpanExporter())] : [];
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }),
    spanProcessors,
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  return provider;
}

export async function shutdownTracing(): Promise<void> {
  await provider?.shutdown();
  provider = undefined;
}

export const tracer = () => trace.getTracer('punkto');

/** Reads `traceparent`/`tracestate` from incoming headers (HTTP or bus message). */
export function extractContext(headers: Record<string, string | string[] | undefined>): Context {
  return propagation.extract(context.active(), headers, {
    get: (carrier, key) => {
      const value = carrier[key];
      return Array.isArray(value) ? value[0] : value;
    },
    keys: (carrier) => Object.keys(carrier),
  });
}

/** Writes the active (or given) context's `traceparent` into outgoing headers. */
export function injectTraceHeaders(
  headers: Record<string, string>,
  ctx: Context = context.active(),
): Record<string, string> {
  propagation.inject(ctx, headers);
  return headers;
}

/** The active `traceparent`, or null when nothing is being traced. */
export function currentTraceparent(): string | null {
  return injectTraceHeaders({}).traceparent ?? null;
}

/** Runs `fn` in a new span (child of `parent` or of the active context), recording errors. */
export async function withSpan<T>(
  name: string,
  options: { kind?: SpanKind; parent?: Context; attributes?: Record<string, string | number | boolean> },
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = options.parent ?? context.active();
  const span = tracer().startSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
    parent,
  );
  try {
    return await context.with(trace.setSpan(parent, span), () => fn(span));
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw error;
  } finally {
    span.end();
  }
}

export { SpanKind };

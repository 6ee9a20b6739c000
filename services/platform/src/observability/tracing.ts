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
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import {
  BatchSpanProcessor,
  ConsoleSpanExporter,
  ParentBasedSampler,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

let provider: NodeTracerProvider | undefined;

export type TracingExporter = 'none' | 'console' | 'otlp';

export interface TracingOptions {
  /**
   * share of new traces (no sampled parent) that are recorded, 0…1 (TRACING_SAMPLE_RATIO); a request that
   * arrives with a sampled or unsampled `traceparent` follows its caller's decision (parent-based)
   */
  sampleRatio?: number;
}

function spanProcessorsFor(exporter: TracingExporter): SpanProcessor[] {
  switch (exporter) {
    case 'none':
      return [];
    case 'console':
      return [new SimpleSpanProcessor(new ConsoleSpanExporter())];
    case 'otlp':
      // OTLP/HTTP with JSON bodies; the exporter reads its address (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, else
      // OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces), headers and timeout from the standard OTEL_* variables.
      // Batched: spans leave in the background, and shutdownTracing() flushes what is still queued.
      return [new BatchSpanProcessor(new OTLPTraceExporter())];
  }
}

/**
 * Starts the OpenTelemetry SDK once per process: W3C trace-context propagation, AsyncLocalStorage context,
 * parent-based sampling and an exporter chosen by configuration ('none' still creates real spans, so ids
 * propagate).
 */
export function initTracing(
  serviceName: string,
  exporter: TracingExporter = 'none',
  options: TracingOptions = {},
): NodeTracerProvider {
  if (provider) return provider;
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(options.sampleRatio ?? 1) }),
    spanProcessors: spanProcessorsFor(exporter),
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  return provider;
}

/**
 * Ends tracing for a stopping process: the batch processor exports every span still queued first. A collector
 * that is down or slow would hold the stop for the exporter's timeout and retries (10 s and more, the whole
 * stop budget of shutdown.ts), so the flush gets `timeoutMs`; after it the spans are given up.
 */
export async function shutdownTracing(timeoutMs = 3_000): Promise<void> {
  const stopping = provider;
  provider = undefined;
  if (!stopping) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    stopping.shutdown().catch(() => {}),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}

export const tracer = () => trace.getTracer('punkto');

/** Reads `traceparent`/`tracestate` from incoming headers (HTTP or bus message) into `base` (default: the active context). */
export function extractContext(
  headers: Record<string, string | string[] | undefined>,
  base: Context = context.active(),
): Context {
  return propagation.extract(base, headers, {
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

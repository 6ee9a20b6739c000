import { trace } from '@opentelemetry/api';
import { pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger } from 'pino';

/** JSON logs with the active trace and span ids on every line (ARCHITECTURE §7). */
export function createLogger(
  service: string,
  level: LoggerOptions['level'] = 'info',
  destination?: pino.DestinationStream,
): Logger {
  const options: LoggerOptions = {
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
      censor: '[redacted]',
    },
    mixin() {
      const span = trace.getActiveSpan();
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

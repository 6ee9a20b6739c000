import {
  ErrorCodes,
  MAINTENANCE_MESSAGE,
  MAINTENANCE_STATUS_URL,
  UNEXPECTED_ERROR_MESSAGE,
} from '@punkto/contracts/errors';
import type { CodedErrorBody, MaintenanceBody, ValidationErrorBody } from '@punkto/contracts/errors';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
} from 'fastify';
import { trace } from '@opentelemetry/api';
import { STATUS_CODES } from 'node:http';
import { AppError, MaintenanceError, MethodNotAllowedError, ValidationError } from '../errors/errors';
import { reportError } from '../observability/error-reporting';
import { routeMethods } from './method-not-allowed';

export type HttpErrorBody = CodedErrorBody | ValidationErrorBody | MaintenanceBody;

/** Polish texts for the errors Fastify itself raises before our code runs. */
const frameworkErrors: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: ErrorCodes.payloadTooLarge,
    message: 'Przesłane dane są zbyt duże.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: ErrorCodes.unsupportedMediaType,
    message: 'Nieobsługiwany typ danych żądania.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: ErrorCodes.validation, message: 'Brak treści żądania.' },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: ErrorCodes.uriTooLong,
    message: 'Adres żądania jest zbyt długi.',
  },
  FST_ERR_BAD_URL: { status: 400, code: ErrorCodes.badRequest, message: 'Nieprawidłowy adres żądania.' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: ErrorCodes.badRequest, message: 'Nieprawidłowe żądanie.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: ErrorCodes.validation,
    message: 'Nieprawidłowa długość treści.',
  },
};

/**
 * Maps any thrown value to the exact bodies of SPEC §8. The ONE place where errors become HTTP.
 * 5xx bodies never carry internals: the cause goes to the log with the trace id, the person gets a code.
 */
export function toHttpError(error: unknown, traceId?: string): { status: number; body: HttpErrorBody } {
  if (error instanceof MaintenanceError) {
    return {
      status: 503,
      body: { underMaintenance: true, message: MAINTENANCE_MESSAGE, statusUrl: MAINTENANCE_STATUS_URL },
    };
  }
  if (error instanceof ValidationError) {
    return {
      status: 400,
      body: {
        code: ErrorCodes.validation,
        title: error.localizedMessage,
        status: 400,
        localizedMessage: error.localizedMessage,
        errors: error.errors,
        ...(traceId && { traceId }),
      },
    };
  }
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: {
        code: error.code,
        localizedMessage: error.localizedMessage,
        status: error.status,
        ...(traceId && { traceId }),
      },
    };
  }
  const fastifyError = error as Partial<FastifyError>;
  if (
    fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    (fastifyError.statusCode === 400 && error instanceof SyntaxError)
  ) {
    return toHttpError(new ValidationError({ '': ['Treść żądania nie jest poprawnym JSON-em.'] }), traceId);
  }
  const known = fastifyError.code ? frameworkErrors[fastifyError.code] : undefined;
  if (known) {
    return known.code === ErrorCodes.validation
      ? toHttpError(new ValidationError({ '': [known.message] }), traceId)
      : {
          status: known.status,
          body: { code: known.code, localizedMessage: known.message, status: known.status },
        };
  }
  if (fastifyError.statusCode === 429) {
    return {
      status: 429,
      body: {
        code: ErrorCodes.rateLimited,
        localizedMessage: 'Zbyt wiele żądań. Odczekaj chwilę i spróbuj ponownie.',
        status: 429,
      },
    };
  }
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return {
      status: fastifyError.statusCode,
      body: {
        code: ErrorCodes.validation,
        localizedMessage: 'Nieprawidłowe żądanie.',
        status: fastifyError.statusCode,
      },
    };
  }
  return {
    status: 500,
    body: {
      code: ErrorCodes.internal,
      localizedMessage: UNEXPECTED_ERROR_MESSAGE,
      status: 500,
      ...(traceId && { traceId }),
    },
  };
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (`clientError`): too many header bytes (a
 * long URL counts too), a request line that does not parse, a client too slow to send its headers. Answered
 * in the spec's shape, then the connection is closed (the parser's state is lost). Fastify's `clientErrorHandler`.
 */
export function clientErrorResponse(error: { code?: string }): string | null {
  if (error.code === 'ECONNRESET') return null;
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, ErrorCodes.headersTooLarge, 'Nagłówki lub adres żądania są zbyt duże.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, ErrorCodes.requestTimeout, 'Żądanie nie dotarło w całości na czas.']
        : [400, ErrorCodes.badRequest, 'Nieprawidłowe żądanie.'];
  const body = JSON.stringify({ code, localizedMessage: message, status });
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
    `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

export function installErrorHandler(app: FastifyInstance, notFoundHandler?: RouteHandlerMethod): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const traceId = trace.getActiveSpan()?.spanContext().traceId;
    const { status, body } = toHttpError(error, traceId);
    const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
    if (status >= 500 && status !== 503) {
      request.log.error({ err: error }, 'request failed');
      // who it failed for (SPEC §6: role and tenant, never the person) and where (ADR 0024)
      const user = (request as { user?: { role?: string; tenantId?: string | null } | null }).user;
      reportError(error, {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        role: user?.role ?? null,
        tenantId: user?.tenantId ?? null,
      });
    } else request.log.info({ code: 'code' in body ? body.code : 'MAINTENANCE', status }, 'request rejected');
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  });
  if (notFoundHandler) return void app.setNotFoundHandler(notFoundHandler);
  const methodsOf = routeMethods(app);
  app.setNotFoundHandler((request, reply) => {
    const allowed = methodsOf(request.url.split('?')[0] ?? '');
    if (allowed.length) {
      const { status, body } = toHttpError(new MethodNotAllowedError());
      return reply.status(status).header('allow', allowed.join(', ')).send(body);
    }
    const { status, body } = toHttpError(
      new AppError(
        404,
        ErrorCodes.notFound,
        `Nie znaleziono zasobu: ${request.method} ${request.url.split('?')[0]}`,
      ),
    );
    return reply.status(status).send(body);
  });
}

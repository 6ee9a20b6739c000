import { type DomainErrorSpec, ErrorCodes, PERMISSION_DENIED_MESSAGE } from '@punkto/contracts/errors';

/**
 * Every error that crosses a port or a route is one of these classes. Each carries an HTTP meaning and a
 * stable `code`; the ONE error handler (http/error-handler.ts) maps them to the bodies of SPEC §8.
 * Domain code throws them; it never builds HTTP replies.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly localizedMessage: string,
    options?: { cause?: unknown },
  ) {
    super(localizedMessage, options);
    this.name = new.target.name;
  }
}

/** 400 with a field → messages map. Use `''` for errors that belong to no field. */
export class ValidationError extends AppError {
  constructor(
    readonly errors: Record<string, string[]>,
    localizedMessage = 'Popraw zaznaczone pola formularza.',
  ) {
    super(400, ErrorCodes.validation, localizedMessage);
  }
}

/** 400 for a domain rule the request broke (e.g. CARD.INSUFFICIENT_POINTS). */
export class DomainRuleError extends AppError {
  constructor(code: string, localizedMessage: string) {
    super(400, code, localizedMessage);
  }
}

export class UnauthenticatedError extends AppError {
  constructor(localizedMessage = 'Zaloguj się, aby kontynuować.', code: string = ErrorCodes.unauthenticated) {
    super(401, code, localizedMessage);
  }
}

export class PermissionDeniedError extends AppError {
  constructor(localizedMessage = PERMISSION_DENIED_MESSAGE, code: string = ErrorCodes.permissionDenied) {
    super(403, code, localizedMessage);
  }
}

export class NotFoundError extends AppError {
  constructor(localizedMessage = 'Nie znaleziono zasobu.', code: string = ErrorCodes.notFound) {
    super(404, code, localizedMessage);
  }
}

/** 409: the thing already exists / state does not allow it. */
export class ConflictError extends AppError {
  constructor(
    localizedMessage = 'Operacja koliduje z aktualnym stanem danych.',
    code: string = ErrorCodes.conflict,
  ) {
    super(409, code, localizedMessage);
  }
}

/**
 * 409: optimistic concurrency lost (an event stream or document changed since it was read).
 * The command handler retries these; they reach HTTP only when retries are exhausted.
 */
export class ConcurrencyError extends AppError {
  constructor(
    readonly target: string,
    readonly expected: unknown,
    readonly actual: unknown,
  ) {
    super(409, ErrorCodes.concurrency, 'Dane zmieniły się w międzyczasie. Spróbuj ponownie.');
  }
}

/**
 * A refusal by the domain (an AppError below 500 other than a lost optimistic race): a bus consumer logs it
 * and moves on, since redelivering the same event would be refused again. Infrastructure errors and
 * ConcurrencyError are worth retrying.
 */
export function isDomainRefusal(error: unknown): error is AppError {
  return error instanceof AppError && error.status < 500 && !(error instanceof ConcurrencyError);
}

/**
 * The class of one domain error its contract declares (`{ code, status, message }`), named `name` in logs and
 * error reports. It extends the base its status means (400 DomainRuleError, 401 UnauthenticatedError,
 * 403 PermissionDeniedError, 404 NotFoundError, 409 ConflictError, else AppError), so `instanceof` checks on
 * those bases hold as they did for the hand-written classes.
 */
export function domainError(name: string, spec: DomainErrorSpec): new () => AppError {
  const made = madeClass(spec);
  Object.defineProperty(made, 'name', { value: name });
  return made;
}

function madeClass({ status, code, message }: DomainErrorSpec): new () => AppError {
  switch (status) {
    case 400:
      return class extends DomainRuleError {
        constructor() {
          super(code, message);
        }
      };
    case 401:
      return class extends UnauthenticatedError {
        constructor() {
          super(message, code);
        }
      };
    case 403:
      return class extends PermissionDeniedError {
        constructor() {
          super(message, code);
        }
      };
    case 404:
      return class extends NotFoundError {
        constructor() {
          super(message, code);
        }
      };
    case 409:
      return class extends ConflictError {
        constructor() {
          super(message, code);
        }
      };
    default:
      return class extends AppError {
        constructor() {
          super(status, code, message);
        }
      };
  }
}

/** 412: the client's If-Match precondition does not hold. */
export class PreconditionFailedError extends AppError {
  constructor(localizedMessage = 'Dane zmieniły się od ostatniego odczytu. Odśwież i spróbuj ponownie.') {
    super(412, ErrorCodes.preconditionFailed, localizedMessage);
  }
}

/** 409 from a store: a unique index would be violated. */
export class DuplicateKeyError extends AppError {
  constructor(
    readonly collection: string,
    readonly index: string,
    localizedMessage = 'Taki wpis już istnieje.',
  ) {
    super(409, 'DUPLICATE_KEY', localizedMessage);
  }
}

export class RateLimitedError extends AppError {
  constructor(
    localizedMessage = 'Zbyt wiele prób. Odczekaj chwilę i spróbuj ponownie.',
    /** when to try again (the error handler writes `Retry-After`) */
    readonly retryAfterSeconds?: number,
  ) {
    super(429, ErrorCodes.rateLimited, localizedMessage);
  }
}

/** 405: the path exists, not with this method (SPEC §8 gives its message); the answer carries `Allow`. */
export class MethodNotAllowedError extends AppError {
  constructor() {
    super(405, ErrorCodes.methodNotAllowed, 'Method not allowed');
  }
}

/** 413: a request body over the limit (the gateway's early refusal; Fastify's own is mapped alike). */
export class PayloadTooLargeError extends AppError {
  constructor() {
    super(413, ErrorCodes.payloadTooLarge, 'Przesłane dane są zbyt duże.');
  }
}

/** 503 while maintenance mode is on. */
export class MaintenanceError extends Error {
  constructor() {
    super('Application is under maintenance');
    this.name = 'MaintenanceError';
  }
}

import {
  ErrorCodes,
  MAINTENANCE_MESSAGE,
  MAINTENANCE_STATUS_URL,
  PERMISSION_DENIED_MESSAGE,
  UNEXPECTED_ERROR_MESSAGE,
} from '@punkto/contracts/errors';

/** Message of the error thrown when a 401/302 could not be healed by a session refresh (SPEC §8). */
export const REFRESH_FAILED_MESSAGE = 'Authentication failed and refresh was unsuccessful';
/** Polish text shown to the person for a failed refresh (the spec gives only the technical message). */
export const SESSION_EXPIRED_LOCALIZED_MESSAGE = 'Sesja wygasła. Zaloguj się ponownie.';
export const MAINTENANCE_LOCALIZED_MESSAGE = 'Trwa przerwa techniczna. Spróbuj ponownie za kilka minut.';
export const NETWORK_ERROR_LOCALIZED_MESSAGE =
  'Brak połączenia z serwerem. Sprawdź połączenie z internetem i spróbuj ponownie.';
export const INVALID_RESPONSE_LOCALIZED_MESSAGE = 'Serwer zwrócił nieoczekiwaną odpowiedź.';

export const MAINTENANCE_CODE = 'UNDER_MAINTENANCE';
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
export const INVALID_RESPONSE_CODE = 'INVALID_RESPONSE';

type ApiErrorInit = {
  status: number;
  message: string;
  code?: string | undefined;
  localizedMessage?: string | undefined;
  body?: unknown;
  traceId?: string | undefined;
  cause?: unknown;
};

/** Base of every error the API client throws. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string | undefined;
  readonly localizedMessage: string | undefined;
  /** The parsed response body (object or text), for diagnostics. */
  readonly body: unknown;
  readonly traceId: string | undefined;
  readonly isValidation: boolean = false;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.localizedMessage = init.localizedMessage;
    this.body = init.body;
    this.traceId = init.traceId;
  }
}

/** 400 with an `errors` map: 'field: messages' joined with '; '. */
export class ValidationApiError extends ApiError {
  override name = 'ValidationApiError';
  override readonly isValidation = true;
  readonly errors: Readonly<Record<string, readonly string[]>>;

  constructor(init: Omit<ApiErrorInit, 'message'> & { errors: Record<string, string[]> }) {
    super({
      ...init,
      code: init.code ?? ErrorCodes.validation,
      message: formatValidationErrors(init.errors),
    });
    this.errors = init.errors;
  }
}

/** 503 with `underMaintenance`. */
export class MaintenanceApiError extends ApiError {
  override name = 'MaintenanceApiError';
  readonly statusUrl: string;

  constructor(init: { status?: number; statusUrl?: string | undefined; body?: unknown }) {
    super({
      status: init.status ?? 503,
      code: MAINTENANCE_CODE,
      message: MAINTENANCE_MESSAGE,
      localizedMessage: MAINTENANCE_LOCALIZED_MESSAGE,
      body: init.body,
    });
    this.statusUrl = init.statusUrl || MAINTENANCE_STATUS_URL;
  }
}

/** 403: PERMISSION_DENIED with the contract's Polish message unless the server says otherwise. */
export class PermissionDeniedApiError extends ApiError {
  override name = 'PermissionDeniedApiError';

  constructor(init: Partial<Pick<ApiErrorInit, 'code' | 'localizedMessage' | 'body' | 'traceId'>> = {}) {
    const localizedMessage = init.localizedMessage || PERMISSION_DENIED_MESSAGE;
    super({
      ...init,
      status: 403,
      code: init.code || ErrorCodes.permissionDenied,
      localizedMessage,
      message: localizedMessage,
    });
  }
}

/** A 401/302 that the shared session refresh could not heal. */
export class AuthenticationFailedApiError extends ApiError {
  override name = 'AuthenticationFailedApiError';

  constructor(cause?: unknown) {
    super({
      status: 401,
      code: ErrorCodes.unauthenticated,
      message: REFRESH_FAILED_MESSAGE,
      localizedMessage: SESSION_EXPIRED_LOCALIZED_MESSAGE,
      cause,
    });
  }
}

/** fetch itself failed (offline, DNS, CORS…). */
export class NetworkApiError extends ApiError {
  override name = 'NetworkApiError';

  constructor(cause: unknown) {
    super({
      status: 0,
      code: NETWORK_ERROR_CODE,
      message: cause instanceof Error ? cause.message : 'Network request failed',
      localizedMessage: NETWORK_ERROR_LOCALIZED_MESSAGE,
      cause,
    });
  }
}

/** A successful response that does not match the zod schema the caller expects. */
export class ResponseValidationApiError extends ApiError {
  override name = 'ResponseValidationApiError';

  constructor(init: { status: number; body: unknown; cause: unknown }) {
    super({
      status: init.status,
      code: INVALID_RESPONSE_CODE,
      message: `Response did not match the expected schema (status ${init.status})`,
      localizedMessage: INVALID_RESPONSE_LOCALIZED_MESSAGE,
      body: init.body,
      cause: init.cause,
    });
  }
}

export function formatValidationErrors(errors: Record<string, readonly string[]>): string {
  return Object.entries(errors)
    .map(([field, messages]) => {
      const text = messages.join(', ');
      return field ? `${field}: ${text}` : text;
    })
    .join('; ');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function isErrorsMap(value: unknown): value is Record<string, string[]> {
  return (
    isRecord(value) &&
    Object.values(value).every(
      (messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'),
    )
  );
}

/**
 * Turns a failed response into an error, in the order of SPEC §8:
 * 400 + errors map → validation; 503 + underMaintenance → maintenance; 403 → permission denied;
 * code + localizedMessage → as is; title/detail → that text; else the body text or a generic message.
 *
 * @param body the parsed JSON body when the response held JSON, else its text ('' when empty)
 * @param text the raw body text
 */
export function toApiError(status: number, body: unknown, text: string): ApiError {
  const record = isRecord(body) ? body : undefined;
  const code = nonEmptyString(record?.code);
  const localizedMessage = nonEmptyString(record?.localizedMessage);
  const traceId = nonEmptyString(record?.traceId);

  if (status === 400 && record && isErrorsMap(record.errors)) {
    return new ValidationApiError({ status, code, localizedMessage, body, traceId, errors: record.errors });
  }
  if (status === 503 && record?.underMaintenance) {
    return new MaintenanceApiError({ status, statusUrl: nonEmptyString(record.statusUrl), body });
  }
  if (status === 403) {
    return new PermissionDeniedApiError({ code, localizedMessage, body, traceId });
  }
  if (code && localizedMessage) {
    return new ApiError({ status, code, localizedMessage, message: localizedMessage, body, traceId });
  }
  const problem = nonEmptyString(record?.title) ?? nonEmptyString(record?.detail);
  if (problem) {
    return new ApiError({ status, code, localizedMessage, message: problem, body, traceId });
  }
  return new ApiError({
    status,
    code,
    localizedMessage,
    message: text.trim() ? text : `Request failed with status ${status}`,
    body,
    traceId,
  });
}

/** What to show a person: localizedMessage, then message, then the Polish generic text. */
export function errorMessage(error: unknown): string {
  if (isRecord(error) || error instanceof Error) {
    const candidate = error as { localizedMessage?: unknown; message?: unknown };
    const localized = nonEmptyString(candidate.localizedMessage);
    if (localized) return localized;
    const message = nonEmptyString(candidate.message);
    if (message) return message;
  }
  if (typeof error === 'string' && error) return error;
  return UNEXPECTED_ERROR_MESSAGE;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

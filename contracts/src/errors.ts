import { z } from 'zod';

/**
 * Error bodies of SPEC §8. The SPA parses them in this order:
 * 400 + `errors` map → validation; 503 + `underMaintenance` → maintenance; 403 → permission denied;
 * any body with `code` + `localizedMessage` → thrown as is; `title`/`detail` → that text; else body text.
 */

export const PERMISSION_DENIED_MESSAGE =
  'Nie masz uprawnień do wykonania tej operacji. Skontaktuj się z właścicielem konta.';
export const MAINTENANCE_MESSAGE = 'Application is under maintenance';
export const MAINTENANCE_STATUS_URL = '/status-konserwacji';
export const UNEXPECTED_ERROR_MESSAGE = 'Wystąpił nieoczekiwany błąd';

/** Stable machine-readable error codes shared by every service. Domain codes look like `CARD.INSUFFICIENT_POINTS`. */
export const ErrorCodes = {
  validation: 'VALIDATION_ERROR',
  unauthenticated: 'UNAUTHENTICATED',
  permissionDenied: 'PERMISSION_DENIED',
  notFound: 'NOT_FOUND',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  conflict: 'CONFLICT',
  concurrency: 'CONCURRENCY_CONFLICT',
  preconditionFailed: 'PRECONDITION_FAILED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  uriTooLong: 'URI_TOO_LONG',
  headersTooLarge: 'HEADERS_TOO_LARGE',
  badRequest: 'BAD_REQUEST',
  requestTimeout: 'REQUEST_TIMEOUT',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  rateLimited: 'RATE_LIMITED',
  refreshFailed: 'REFRESH_FAILED',
  upstreamUnavailable: 'UPSTREAM_UNAVAILABLE',
  upstreamTimeout: 'UPSTREAM_TIMEOUT',
  internal: 'INTERNAL_ERROR',
} as const;

/**
 * A domain error as its contract declares it, once: stable code, HTTP status and Polish message
 * (e.g. `ProgramErrors.notFound`). Services make their error classes from it (platform's `domainError`).
 */
export type DomainErrorSpec = { readonly code: string; readonly status: number; readonly message: string };

/** Any error that carries a stable code and a Polish message for the person. */
export const CodedErrorBody = z
  .object({
    code: z.string().min(1).describe('Stable error code, e.g. PERMISSION_DENIED or CARD.INSUFFICIENT_POINTS'),
    localizedMessage: z.string().describe('Message in Polish, ready to show to a person'),
    status: z.number().int().optional(),
    traceId: z.string().optional().describe('W3C trace id of the failed request, for support'),
  })
  .meta({ id: 'CodedError' });
export type CodedErrorBody = z.infer<typeof CodedErrorBody>;

/** 400: field → messages. `''` holds errors that belong to no single field. */
export const ValidationErrorBody = CodedErrorBody.extend({
  code: z.literal(ErrorCodes.validation),
  title: z.string(),
  status: z.literal(400),
  errors: z.record(z.string(), z.array(z.string())),
}).meta({ id: 'ValidationError' });
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>;

/** 403. */
export const PermissionDeniedBody = CodedErrorBody.extend({
  status: z.literal(403),
}).meta({ id: 'PermissionDeniedError' });
export type PermissionDeniedBody = z.infer<typeof PermissionDeniedBody>;

/** 503 while the platform is in maintenance mode. */
export const MaintenanceBody = z
  .object({
    underMaintenance: z.literal(true),
    message: z.string(),
    statusUrl: z.string(),
  })
  .meta({ id: 'MaintenanceError' });
export type MaintenanceBody = z.infer<typeof MaintenanceBody>;

export const ErrorBody = z.union([ValidationErrorBody, MaintenanceBody, CodedErrorBody]);
export type ErrorBody = z.infer<typeof ErrorBody>;

import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import type { Endpoint, ErrorAnswer } from './endpoint';
import { allEndpoints } from './endpoints/index';
import { plainPatterns } from './openapi-patterns';
import {
  CodedErrorBody,
  ErrorCodes,
  MaintenanceBody,
  PermissionDeniedBody,
  ValidationErrorBody,
} from './errors';

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** An answer whose body is one of the named error schemas, in plain OpenAPI (for components). */
const named = (schemaId: string, description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${schemaId}` } } },
});
const namedCoded = (description: string, codes: readonly string[]) =>
  named('CodedError', `${description} (${codes.join(', ')})`);

/** a non-JSON success body (an image, a PDF) */
const binary = (contentType: string) => ({
  description: 'OK',
  content: { [contentType]: { schema: { type: 'string', format: 'binary' } } },
});

const codedError = (description: string, codes: readonly string[]) =>
  json(CodedErrorBody, `${description} (${codes.join(', ')})`);

const statusDescriptions: Record<ErrorAnswer['status'], string> = {
  400: 'Odrzucone żądanie',
  401: 'Nieudane uwierzytelnienie',
  404: 'Nie znaleziono',
  409: 'Konflikt ze stanem danych',
  410: 'Zasób usunięty',
  412: 'Dane zmieniły się od odczytu',
  422: 'Nie do przetworzenia',
  429: 'Zbyt wiele żądań',
};

/**
 * Answers the platform itself gives, whatever the operation (services/platform/src/http/error-handler.ts,
 * gateway/src/proxy.ts): shared components, referenced by every operation they apply to.
 */
const platformResponses = {
  BadRequest: namedCoded('Nieprawidłowe żądanie (np. adres, którego nie da się odczytać)', [
    ErrorCodes.badRequest,
  ]),
  RequestTimeout: namedCoded('Żądanie nie dotarło w całości na czas', [ErrorCodes.requestTimeout]),
  PayloadTooLarge: namedCoded('Zbyt duże dane', [ErrorCodes.payloadTooLarge]),
  UriTooLong: namedCoded('Parametr adresu jest zbyt długi', [ErrorCodes.uriTooLong]),
  UnsupportedMediaType: namedCoded('Nieobsługiwany typ danych żądania (treść w JSON-ie)', [
    ErrorCodes.unsupportedMediaType,
  ]),
  HeadersTooLarge: namedCoded('Nagłówki lub adres żądania są zbyt duże', [ErrorCodes.headersTooLarge]),
  InternalError: named('CodedError', `Nieoczekiwany błąd (${ErrorCodes.internal})`),
  UpstreamUnavailable: namedCoded('Usługa chwilowo niedostępna', [ErrorCodes.upstreamUnavailable]),
  UpstreamTimeout: namedCoded('Usługa nie odpowiedziała na czas', [ErrorCodes.upstreamTimeout]),
  Unauthenticated: namedCoded('Brak lub wygasła sesja', [ErrorCodes.unauthenticated]),
} as const;
type PlatformResponse = keyof typeof platformResponses;
const shared = (name: PlatformResponse) => ({ $ref: `#/components/responses/${name}` });

/** Methods whose body Fastify parses (so that may answer 413 and 415 even where no body is expected). */
const methodsWithBody = new Set(['post', 'put', 'patch', 'delete']);

/** The error answers of one endpoint: its own coded ones, and those every endpoint may give as they apply. */
function errorResponses(endpoint: Endpoint): Record<string, unknown> {
  const hasInput = Boolean(endpoint.params || endpoint.query || endpoint.body || endpoint.headers);
  const responses: Record<string, unknown> = {
    // a URL that does not decode is refused before any input is read; with input, validation answers too
    '400': hasInput
      ? {
          description: `Błędy walidacji (${ErrorCodes.validation}) albo nieprawidłowe żądanie (${ErrorCodes.badRequest})`,
          content: { 'application/json': { schema: z.union([ValidationErrorBody, CodedErrorBody]) } },
        }
      : shared('BadRequest'),
    '408': shared('RequestTimeout'),
    '429': codedError(statusDescriptions[429], [ErrorCodes.rateLimited]),
    '431': shared('HeadersTooLarge'),
    '500': shared('InternalError'),
    '502': shared('UpstreamUnavailable'),
    '503': json(MaintenanceBody, 'Przerwa techniczna'),
    '504': shared('UpstreamTimeout'),
  };
  if (methodsWithBody.has(endpoint.method)) {
    responses['413'] = shared('PayloadTooLarge');
    responses['415'] = shared('UnsupportedMediaType');
  }
  // a path names a resource: it may not exist (or belong to another tenant, which answers alike), and a
  // path parameter longer than the router takes is refused
  if (endpoint.params) {
    responses['404'] = codedError(statusDescriptions[404], [ErrorCodes.notFound]);
    responses['414'] = shared('UriTooLong');
  }
  if (endpoint.auth !== 'public') {
    responses['401'] = shared('Unauthenticated');
    responses['403'] = json(PermissionDeniedBody, `Brak uprawnień (${ErrorCodes.permissionDenied})`);
  }
  for (const { status, codes } of endpoint.errors ?? []) {
    if (status === 400 && hasInput)
      responses['400'] = {
        description: `Błędy walidacji albo odrzucone żądanie (${[ErrorCodes.badRequest, ...codes].join(', ')})`,
        content: { 'application/json': { schema: z.union([ValidationErrorBody, CodedErrorBody]) } },
      };
    // every endpoint may answer 429 RATE_LIMITED (the gateway's limit) besides its own 429s, and every
    // signed-in one 401 UNAUTHENTICATED besides its own 401s
    else
      responses[status] = codedError(
        statusDescriptions[status],
        status === 429
          ? [ErrorCodes.rateLimited, ...codes]
          : status === 401 && endpoint.auth !== 'public'
            ? [ErrorCodes.unauthenticated, ...codes]
            : codes,
      );
  }
  return responses;
}

/** A body the endpoint cannot do without (its schema refuses `undefined`) is a required request body. */
const bodyRequired = (body: z.ZodType) => !body.safeParse(undefined).success;

/** Builds the OpenAPI 3.1 document from the contracts (the only source of truth). */
export function buildOpenApiDocument(endpoints: Endpoint[] = allEndpoints, version = '1.0.0') {
  const registry = new OpenAPIRegistry();
  // error schemas carry `.meta({ id })`, so they become named components on first use
  registry.registerComponent('securitySchemes', 'accessCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: 'punkto_access',
    description: 'EdDSA access token (httpOnly cookie) issued by the identity service',
  });

  // the shared answers are plain OpenAPI (the generator converts zod only on paths): their bodies refer to
  // CodedError, which every operation's inline 429 names (and the linter refuses a dangling reference)
  for (const [name, response] of Object.entries(platformResponses))
    registry.registerComponent('responses', name, response);

  for (const endpoint of endpoints) {
    const success = endpoint.successStatus ?? (endpoint.response || endpoint.produces ? 200 : 204);
    const responses: Record<string, unknown> = {
      [success]: endpoint.produces
        ? binary(endpoint.produces)
        : endpoint.response
          ? json(endpoint.response, 'OK')
          : { description: 'No content' },
      ...errorResponses(endpoint),
    };
    registry.registerPath({
      method: endpoint.method,
      path: endpoint.path,
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      // a public operation says so (`security: []`) rather than leaving it to a document-wide default
      security: endpoint.auth === 'public' ? [] : [{ accessCookie: [] }],
      request: {
        ...(endpoint.params && { params: endpoint.params as never }),
        ...(endpoint.query && { query: endpoint.query as never }),
        ...(endpoint.headers && { headers: endpoint.headers as never }),
        ...(endpoint.body && {
          body: {
            required: bodyRequired(endpoint.body),
            content: { 'application/json': { schema: endpoint.body } },
          },
        }),
      },
      responses: responses as never,
    });
  }

  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Punkto API',
      version,
      description:
        'API platformy Punkto: cyfrowe karty lojalnościowe w Apple i Google Wallet. ' +
        'Every error body follows SPEC §8: 400 carries an `errors` map, other errors carry `code` + `localizedMessage`.',
    },
    servers: [{ url: '/' }],
  });
  plainPatterns(document);
  return document;
}

import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import type { Endpoint, ErrorAnswer } from './endpoint';
import { allEndpoints } from './endpoints/index';
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

/** The error answers of one endpoint: its own coded ones, and those every endpoint may give as they apply. */
function errorResponses(endpoint: Endpoint): Record<string, unknown> {
  const responses: Record<string, unknown> = {
    '429': codedError(statusDescriptions[429], [ErrorCodes.rateLimited]),
    '500': json(CodedErrorBody, 'Nieoczekiwany błąd'),
    '503': json(MaintenanceBody, 'Przerwa techniczna'),
  };
  const hasInput = Boolean(endpoint.params || endpoint.query || endpoint.body || endpoint.headers);
  if (hasInput) responses['400'] = json(ValidationErrorBody, 'Błędy walidacji');
  if (endpoint.body) responses['413'] = codedError('Zbyt duże dane', [ErrorCodes.payloadTooLarge]);
  // a path names a resource: it may not exist (or belong to another tenant, which answers alike)
  if (endpoint.params) responses['404'] = codedError(statusDescriptions[404], [ErrorCodes.notFound]);
  if (endpoint.auth !== 'public') {
    responses['401'] = json(CodedErrorBody, 'Brak lub wygasła sesja');
    responses['403'] = json(PermissionDeniedBody, 'Brak uprawnień');
  }
  for (const { status, codes } of endpoint.errors ?? []) {
    if (status === 400 && hasInput)
      responses['400'] = {
        description: `Błędy walidacji albo odrzucone żądanie (${codes.join(', ')})`,
        content: { 'application/json': { schema: z.union([ValidationErrorBody, CodedErrorBody]) } },
      };
    // every endpoint may answer 429 RATE_LIMITED (the gateway's limit) besides its own 429s
    else
      responses[status] = codedError(
        statusDescriptions[status],
        status === 429 ? [ErrorCodes.rateLimited, ...codes] : codes,
      );
  }
  return responses;
}

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
      ...(endpoint.auth !== 'public' && { security: [{ accessCookie: [] }] }),
      request: {
        ...(endpoint.params && { params: endpoint.params as never }),
        ...(endpoint.query && { query: endpoint.query as never }),
        ...(endpoint.headers && { headers: endpoint.headers as never }),
        ...(endpoint.body && { body: { content: { 'application/json': { schema: endpoint.body } } } }),
      },
      responses: responses as never,
    });
  }

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
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
}

import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import type { Endpoint } from './endpoint';
import { allEndpoints } from './endpoints/index';
import { CodedErrorBody, MaintenanceBody, PermissionDeniedBody, ValidationErrorBody } from './errors';

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** a non-JSON success body (an image, a PDF) */
const binary = (contentType: string) => ({
  description: 'OK',
  content: { [contentType]: { schema: { type: 'string', format: 'binary' } } },
});

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
      '503': json(MaintenanceBody, 'Przerwa techniczna'),
      '500': json(CodedErrorBody, 'Nieoczekiwany błąd'),
    };
    if (endpoint.params || endpoint.query || endpoint.body)
      responses['400'] = json(ValidationErrorBody, 'Błędy walidacji');
    if (endpoint.auth !== 'public') {
      responses['401'] = json(CodedErrorBody, 'Brak lub wygasła sesja');
      responses['403'] = json(PermissionDeniedBody, 'Brak uprawnień');
    }
    registry.registerPath({
      method: endpoint.method,
      path: endpoint.path,
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...(endpoint.auth !== 'public' && { security: [{ accessCookie: [] }] }),
      request: {
        ...(endpoint.params && { params: endpoint.params as never }),
        ...(endpoint.query && { query: endpoint.query as never }),
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

import { describe, expect, it } from 'vitest';
import { allEndpoints } from './endpoints/index';
import { buildOpenApiDocument } from './openapi';

describe('OpenAPI document', () => {
  const doc = buildOpenApiDocument() as unknown as {
    openapi: string;
    paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown }>>;
    components: { schemas: Record<string, unknown> };
  };

  it('is OpenAPI 3.1 with every implemented endpoint', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const endpoint of allEndpoints)
      expect(doc.paths[endpoint.path]?.[endpoint.method], endpoint.path).toBeDefined();
  });

  it('documents a non-JSON success body with its content type, not as 204', () => {
    const poster = doc.paths['/api/v1/tenants/{id}/loyalty-programs/{programId}/poster']!.get!;
    expect(poster.responses['200']).toMatchObject({
      content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    });
    expect(poster.responses['204']).toBeUndefined();
  });

  it('documents the SPEC §8 error bodies as named schemas', () => {
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['CodedError', 'MaintenanceError']),
    );
    const permissions = doc.paths['/api/v1/permissions']!.get!;
    expect(Object.keys(permissions.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '503']));
    expect(permissions.security).toEqual([{ accessCookie: [] }]);
  });

  it('declares the coded 400s an endpoint really gives beside validation, and its required headers', () => {
    const op = doc.paths['/api/v1/cards/{id}/points-from-amount']!.post! as unknown as {
      parameters: Array<{ name: string; in: string; required: boolean }>;
      responses: Record<string, { description: string; content: Record<string, { schema: unknown }> }>;
    };
    expect(op.parameters).toContainEqual(
      expect.objectContaining({ name: 'idempotency-key', in: 'header', required: true }),
    );
    expect(op.responses['400']!.description).toContain('IDEMPOTENCY.KEY_REQUIRED');
    expect(op.responses['400']!.content['application/json']!.schema).toEqual({
      anyOf: [{ $ref: '#/components/schemas/ValidationError' }, { $ref: '#/components/schemas/CodedError' }],
    });
    for (const status of ['404', '409', '413', '422', '429'])
      expect(op.responses[status]!.content['application/json']!.schema, status).toEqual({
        $ref: '#/components/schemas/CodedError',
      });
    // a public endpoint's own 401s (login) are declared too
    const login = doc.paths['/api/v1/users/login']!.post!.responses as Record<
      string,
      { description: string }
    >;
    expect(login['401']!.description).toContain('AUTH.INVALID_CREDENTIALS');
  });
});

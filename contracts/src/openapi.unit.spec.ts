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
});

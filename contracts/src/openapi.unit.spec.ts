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
    for (const status of ['404', '409', '422', '429'])
      expect(op.responses[status]!.content['application/json']!.schema, status).toEqual({
        $ref: '#/components/schemas/CodedError',
      });
    expect(op.responses['413']).toEqual({ $ref: '#/components/responses/PayloadTooLarge' });
    // a public endpoint's own 401s (login) are declared too
    const login = doc.paths['/api/v1/users/login']!.post!.responses as Record<
      string,
      { description: string }
    >;
    expect(login['401']!.description).toContain('AUTH.INVALID_CREDENTIALS');
  });

  type Schema = Record<string, unknown>;
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      where: `${method.toUpperCase()} ${path}`,
      op: op as unknown as {
        security?: unknown[];
        parameters?: Array<{ name: string; schema: Schema }>;
        requestBody?: { required?: boolean };
        responses: Record<string, unknown>;
      },
      endpoint: allEndpoints.find((e) => e.path === path && e.method === method)!,
    })),
  );
  const patterns: string[] = [];
  (function collect(node: unknown): void {
    if (Array.isArray(node)) return node.forEach(collect);
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node))
      if (key === 'pattern' && typeof value === 'string') patterns.push(value);
      else collect(value);
  })(doc);

  it('gives every pattern as a plain ECMA-262 source (no /flags suffix) that compiles with Unicode semantics', () => {
    expect(patterns.length).toBeGreaterThan(10);
    for (const pattern of patterns) {
      expect(() => new RegExp(pattern, 'u'), pattern).not.toThrow();
      expect(pattern, 'a /flags suffix').not.toMatch(/(^|[^\\])(\\\\)*\/[dgimsuvy]+$/);
    }
    // the two the probe named: a password needs a letter; a wallet file name ends in .pkpass
    const letter = patterns.find((p) => p.includes('\\p{L}') && !p.includes('pkpass'))!;
    expect(new RegExp(letter, 'u').test('Fuzz2026haslo')).toBe(true);
    const pkpass = patterns.find((p) => p.includes('pkpass'))!;
    expect(new RegExp(pkpass, 'u').test('Karta Pod Lipą.pkpass')).toBe(true);
  });

  it('documents the enrolment code format where the short code is a parameter or a field', () => {
    const code = operations
      .find((o) => o.where === 'GET /api/v1/enrolment-links/{code}')!
      .op.parameters!.find((p) => p.name === 'code')!.schema;
    expect(code.description).toContain('bez I, L, O i U');
    const typed = new RegExp(code.pattern as string, 'u');
    for (const ok of ['AB3D9', 'ab3-d9', ' AB3.D9 ']) expect(typed.test(ok), ok).toBe(true);
    for (const bad of ['AB3D', 'AB3D0', 'OB3D9', 'AB3D9X']) expect(typed.test(bad), bad).toBe(false);
    const program = doc.components.schemas.Program as { properties: Record<string, Schema> };
    expect(program.properties.shortCode).toMatchObject({ pattern: '^[2-9A-HJKMNP-TV-Z]{5}$' });
  });

  it('marks a request body required wherever the endpoint cannot do without one', () => {
    const remove = operations.find((o) => o.where === 'DELETE /api/v1/payment-methods/remove')!;
    expect(remove.op.requestBody?.required).toBe(true);
    for (const { where, op, endpoint } of operations)
      if (endpoint.body)
        expect(op.requestBody?.required, where).toBe(!endpoint.body.safeParse(undefined).success);
  });

  it('documents 401 and 403 on every signed-in operation, and what the platform answers on all', () => {
    for (const { where, op, endpoint } of operations) {
      const statuses = Object.keys(op.responses);
      expect(statuses, where).toEqual(expect.arrayContaining(['400', '408', '429', '431', '500', '503']));
      if (endpoint.auth === 'public') expect(op.security, where).toEqual([]);
      else {
        expect(op.security, where).toEqual([{ accessCookie: [] }]);
        expect(statuses, where).toEqual(expect.arrayContaining(['401', '403']));
      }
      if (endpoint.params) expect(statuses, where).toEqual(expect.arrayContaining(['404', '414']));
      if (endpoint.method !== 'get') expect(statuses, where).toEqual(expect.arrayContaining(['413', '415']));
    }
  });

  it('declares the 409s the fuzzer met as the owner and an employee of a real company', () => {
    const conflicts: Record<string, string[]> = {
      'POST /api/v1/tenants/create': ['TENANT.OWNER_ALREADY_HAS_TENANT'],
      'POST /api/v1/tenants/{id}/loyalty-programs': ['PROGRAM.TOO_MANY'],
      'POST /api/v1/tenants/{id}/services': ['SERVICE.DUPLICATE_NAME'],
      'PUT /api/v1/tenants/{id}/services/{serviceId}': ['SERVICE.DUPLICATE_NAME'],
      'POST /api/v1/tenants/{id}/employees': ['EMPLOYEE.EMAIL_TAKEN', 'EMPLOYEE.IS_OWNER'],
      'POST /api/v1/tenants/{id}/employees/resend-activation': ['EMPLOYEE.ALREADY_ACTIVE'],
    };
    for (const [where, codes] of Object.entries(conflicts)) {
      const answer = operations.find((o) => o.where === where)!.op.responses['409'] as {
        description: string;
      };
      for (const code of codes) expect(answer?.description, where).toContain(code);
    }
  });

  // a named schema made nullable with .nullable() is written as allOf [$ref, {type: [..., null]}]: the $ref alone
  // already refuses null, so a null the API answers violated its own document (the referral invite's code did)
  it('lets null through wherever a field may be null: no named schema made nullable by allOf', () => {
    const collapsed: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (!node || typeof node !== 'object') return;
      const parts = (node as { allOf?: Array<{ $ref?: string; type?: unknown }> }).allOf;
      if (parts?.some((p) => p.$ref) && parts.some((p) => Array.isArray(p.type) && p.type.includes('null')))
        collapsed.push(path);
      for (const [key, value] of Object.entries(node)) walk(value, `${path}/${key}`);
    };
    walk(doc, '');
    expect(collapsed).toEqual([]);
  });
});

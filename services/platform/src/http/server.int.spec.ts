import { defineEndpoint } from '@punkto/contracts/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { trace } from '@opentelemetry/api';
import { createLogger } from '../observability/logger';
import { initTracing } from '../observability/tracing';
import { registerEndpoint } from './endpoint-route';
import { createServer } from './server';

const echo = defineEndpoint({
  method: 'post',
  path: '/api/v1/things/{id}',
  owner: 'tenant',
  summary: 'test',
  tags: [],
  auth: 'public',
  params: z.object({ id: z.uuid() }),
  query: z.object({ dryRun: z.enum(['true', 'false']).optional() }),
  body: z.object({
    name: z.string().min(2, 'Nazwa musi mieć co najmniej 2 znaki.'),
    amount: z.number().positive(),
  }),
  response: z.object({ id: z.string(), name: z.string(), traceId: z.string() }),
  successStatus: 201,
});

const picture = defineEndpoint({
  method: 'get',
  path: '/api/v1/pictures/{name}',
  owner: 'tenant',
  summary: 'test',
  tags: [],
  auth: 'public',
  params: z.object({ name: z.string().regex(/^[a-z]+$/) }),
  produces: 'image/png',
});

describe('createServer', () => {
  initTracing('test');
  let ready = true;
  const app = createServer({
    service: 'test',
    logger: createLogger('test', 'silent'),
    readiness: {
      store: async () => {
        if (!ready) throw new Error('store closed');
      },
    },
  });
  registerEndpoint(app, echo, async ({ params, body }) => ({
    id: params.id,
    name: body.name,
    traceId: trace.getActiveSpan()?.spanContext().traceId ?? 'none',
  }));
  const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
  registerEndpoint(app, picture, async ({ params }) => ({
    contentType: 'image/png',
    // a view into a larger buffer: exactly the viewed bytes are sent
    body: new Uint8Array([9, ...bytes, 9]).subarray(1, bytes.length + 1),
    headers: { etag: `"${params.name}"` },
  }));
  app.post('/no-body', async (request) => ({ body: request.body ?? null }));
  app.get('/boom', async () => {
    throw new Error('database password is hunter2');
  });

  beforeAll(() => app.ready());
  afterAll(() => app.close());

  it('answers /healthz', async () => {
    const res = await app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', service: 'test' });
  });

  it('answers /readyz with 503 when a check fails', async () => {
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    ready = false;
    const res = await app.inject('/readyz');
    ready = true;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', checks: { store: 'store closed' } });
  });

  it('parses a valid request and answers with the declared status', async () => {
    const id = '0190d5f4-7c1e-7000-8000-000000000001';
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/things/${id}`,
      payload: { name: 'Kawa', amount: 12.5 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id, name: 'Kawa' });
  });

  it('sends the bytes of an endpoint that produces a non-JSON body, with its type and headers', async () => {
    const res = await app.inject('/api/v1/pictures/logo');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers.etag).toBe('"logo"');
    expect([...res.rawPayload]).toEqual([...bytes]);
    const bad = await app.inject('/api/v1/pictures/LOGO');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['params.name']);
  });

  it('rejects bad params, query and body with one errors map', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/things/not-a-uuid',
      payload: { name: 'K', amount: -1 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(body.errors)).toEqual(['params.id']);
    const res2 = await app.inject({
      method: 'POST',
      url: '/api/v1/things/0190d5f4-7c1e-7000-8000-000000000001',
      payload: { name: 'K', amount: -1 },
    });
    expect(res2.json().errors).toMatchObject({
      name: ['Nazwa musi mieć co najmniej 2 znaki.'],
      amount: [expect.any(String)],
    });
  });

  it('rejects malformed JSON with a Polish validation error', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/things/0190d5f4-7c1e-7000-8000-000000000001',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['']).toEqual(['Treść żądania nie jest poprawnym JSON-em.']);
  });

  it('treats an empty JSON body as no body (the SPA sends the JSON content type on every write)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/no-body',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ body: null });
    const proto = await app.inject({
      method: 'POST',
      url: '/no-body',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}}',
    });
    expect(proto.statusCode).toBe(400);
  });

  it('answers unknown paths with a JSON 404', async () => {
    const res = await app.inject('/api/v1/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers a method a path lacks with 405 METHOD_NOT_ALLOWED and Allow (SPEC §8), not 404', async () => {
    const id = '0190a4c2-0000-7000-8000-000000000000';
    for (const method of ['PUT', 'PATCH', 'DELETE', 'GET'] as const) {
      const res = await app.inject({ method, url: `/api/v1/things/${id}?dryRun=true` });
      expect(res.statusCode, method).toBe(405);
      expect(res.headers.allow).toBe('POST');
      expect(res.json()).toEqual({
        code: 'METHOD_NOT_ALLOWED',
        localizedMessage: 'Method not allowed',
        status: 405,
      });
    }
    expect((await app.inject({ method: 'PUT', url: '/api/v1/pictures/kot' })).headers.allow).toBe(
      'GET, HEAD',
    );
    expect((await app.inject({ method: 'PUT', url: '/api/v1/things/a/b' })).statusCode).toBe(404);
  });

  it('never leaks internals in a 500', async () => {
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.json()).toMatchObject({
      code: 'INTERNAL_ERROR',
      localizedMessage: 'Wystąpił nieoczekiwany błąd',
    });
  });

  it('continues the caller trace and echoes request and trace ids', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/things/0190d5f4-7c1e-7000-8000-000000000001',
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01`, 'x-request-id': 'req-12345678' },
      payload: { name: 'Kawa', amount: 1 },
    });
    expect(res.json().traceId).toBe(traceId);
    expect(res.headers['x-trace-id']).toBe(traceId);
    expect(res.headers['x-request-id']).toBe('req-12345678');
  });
});

// Response serializers (fast-json-stringify) are compiled on a route's first response, not while the server
// starts (issue 19: compiling them all was a quarter of the one process's start-up CPU)
describe('createServer: response serializers', () => {
  const logger = createLogger('test', 'silent');

  it('serializes with the route schema (only its properties), on the first response and the next', async () => {
    const app = createServer({ service: 'test', logger });
    app.get(
      '/thing',
      {
        schema: {
          response: {
            200: { type: 'object', properties: { id: { type: 'string' }, n: { type: 'integer' } } },
          },
        },
      },
      async () => ({ id: 'a', n: 2, secret: 'not in the schema' }),
    );
    await app.ready();
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ url: '/thing' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('{"id":"a","n":2}');
    }
    await app.close();
  });

  it('a response schema that cannot be compiled fails its route, not the start', async () => {
    const app = createServer({ service: 'test', logger });
    app.get(
      '/broken',
      {
        schema: {
          response: {
            200: { type: 'object', properties: { a: { $ref: '#/definitions/missing' } } },
          },
        },
      },
      async () => ({ a: 1 }),
    );
    app.get('/fine', async () => ({ ok: true }));
    await app.ready(); // compiled eagerly, this threw FST_ERR_SCH_SERIALIZATION_BUILD
    expect((await app.inject({ url: '/fine' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/broken' })).statusCode).toBe(500);
    await app.close();
  });
});

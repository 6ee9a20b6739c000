import { toFastifyPath, type Endpoint } from '@punkto/contracts/endpoint';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { ValidationError } from '../errors/errors';
import { accessGuard, notAnAccessCheck } from './auth-plugin';

type Infer<T> = [NonNullable<T>] extends [z.ZodType] ? z.infer<NonNullable<T>> : undefined;

/** The success body of an endpoint that `produces` a non-JSON content type: the bytes and their headers. */
export interface BinaryReply {
  /** the exact type of these bytes (the endpoint's `produces` may be broader) */
  contentType: string;
  /** the bytes, or chunks streamed as they are produced (a large CSV export: never all in memory) */
  body: Uint8Array | AsyncIterable<string | Uint8Array>;
  headers?: Record<string, string>;
}

/** What the handler returns on success: the JSON body of `response`, or the bytes of a `produces` endpoint. */
type Success<E extends Endpoint> = [Exclude<E['produces'], undefined>] extends [never]
  ? Infer<E['response']>
  : BinaryReply;

export interface EndpointInput<E extends Endpoint> {
  params: Infer<E['params']>;
  query: Infer<E['query']>;
  body: Infer<E['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** zod issues → the `errors` map of SPEC §8 (`field.path` → messages). */
export function zodIssuesToErrors(issues: z.core.$ZodIssue[], prefix?: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

function parsePart(schema: z.ZodType | undefined, value: unknown, part: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? (part === 'body' ? undefined : {}));
  if (!result.success)
    throw new ValidationError(zodIssuesToErrors(result.error.issues, part === 'body' ? undefined : part));
  return result.data;
}

/**
 * The JSON Schema Fastify serialises a success body with (fast-json-stringify): only the properties the
 * contract's response schema declares leave the service, so a field added to a document or a state by
 * mistake never leaks into an answer.
 */
function responseJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...jsonSchema } = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return jsonSchema;
}

const endpoints = new WeakMap<object, Endpoint>();

/** The contract endpoint a route handler was registered for by registerEndpoint (route-coverage tests). */
export function endpointOfHandler(handler: unknown): Endpoint | undefined {
  return typeof handler === 'function' ? endpoints.get(handler) : undefined;
}

export interface EndpointOptions {
  /** a per-caller limit checked after the access guard (it decides nothing about access) */
  rateLimit?: preHandlerHookHandler;
}

/**
 * Registers a contracts endpoint on a service: the access guard derived from the contract's `auth` and
 * `tenant` (auth-plugin.ts `authorize`: 401/403 before any input is read), then params, query and body parsed
 * with the endpoint's zod schemas (400 with the errors map on failure); the handler gets typed input, and its
 * return value is the success body (undefined → 204) — JSON serialised by the endpoint's response schema
 * (responseJsonSchema), or for an endpoint that `produces` another content type (images, PDFs, CSV) a
 * BinaryReply sent as it is or streamed. A handler that answers by itself (`reply.hijack()`, a server-sent
 * event stream) returns undefined after it.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: EndpointInput<E>) => Promise<Success<E> | undefined>,
  options: EndpointOptions = {},
): void {
  const success = endpoint.successStatus ?? 200;
  const guard = accessGuard(endpoint);
  const preHandler = [
    ...(guard ? [guard] : []),
    ...(options.rateLimit ? [notAnAccessCheck(options.rateLimit)] : []),
  ];
  const routeHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const input = {
      params: parsePart(endpoint.params, request.params, 'params'),
      query: parsePart(endpoint.query, request.query, 'query'),
      body: parsePart(endpoint.body, request.body, 'body'),
      request,
      reply,
    } as EndpointInput<E>;
    const result = await handler(input);
    if (result === undefined) return reply.sent ? reply : reply.status(204).send();
    reply.status(success);
    if (!endpoint.produces) return reply.send(result);
    const { contentType, body, headers } = result as BinaryReply;
    reply.type(contentType).headers(headers ?? {});
    return reply.send(
      body instanceof Uint8Array
        ? Buffer.from(body.buffer, body.byteOffset, body.byteLength)
        : Readable.from(body, { objectMode: false }),
    );
  };
  endpoints.set(routeHandler, endpoint);
  app.route({
    method: endpoint.method.toUpperCase() as 'GET',
    url: toFastifyPath(endpoint.path),
    ...(endpoint.response &&
      !endpoint.produces && { schema: { response: { [success]: responseJsonSchema(endpoint.response) } } }),
    ...(preHandler.length > 0 && { preHandler }),
    handler: routeHandler,
  });
}

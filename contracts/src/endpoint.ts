import type { z } from 'zod';

/**
 * One HTTP endpoint of `/api/v1`, declared once here and used three ways: the owning service registers
 * it (validation of params/query/body), the SPA types its calls with it, and the OpenAPI document is
 * generated from it.
 */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface Endpoint<
  TParams extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
  TBody extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
  TProduces extends string | undefined = string | undefined,
> {
  method: HttpMethod;
  /** full path with `{name}` placeholders, e.g. `/api/v1/tenants/{id}` */
  path: string;
  /** the service that owns the path (ARCHITECTURE §1) */
  owner: ServiceName;
  summary: string;
  tags: readonly string[];
  /** 'public', 'authenticated' (any valid access token) or a permission key */
  auth: 'public' | 'authenticated' | string;
  params?: TParams;
  query?: TQuery;
  body?: TBody;
  /** schema of the success body; undefined → 204 No Content (unless `produces` is set) */
  response?: TResponse;
  /**
   * Content type of a success body that is not JSON (`image/png`, `application/pdf`): the service's handler
   * returns the bytes (`BinaryReply` of registerEndpoint) and the OpenAPI document describes a binary body.
   */
  produces?: TProduces;
  successStatus?: 200 | 201 | 202 | 204;
}

export type ServiceName =
  'gateway' | 'identity' | 'tenant' | 'card-ledger' | 'billing' | 'survey' | 'notification';

export function defineEndpoint<
  TParams extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
  TBody extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
  TProduces extends string | undefined = undefined,
>(
  endpoint: Endpoint<TParams, TQuery, TBody, TResponse, TProduces>,
): Endpoint<TParams, TQuery, TBody, TResponse, TProduces> {
  return endpoint;
}

/** `/api/v1/tenants/{id}` → `/api/v1/tenants/:id` (Fastify syntax). */
export function toFastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

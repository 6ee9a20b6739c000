import type { Endpoint } from '@punkto/contracts/endpoint';
import type { z } from 'zod';
import { API_BASE_URL } from './api-base';
import type { HttpMethod, RequestOptions } from './request-options';

/** true when the endpoint declares this part (a specific schema, not the wide default of defineEndpoint) */
type Declared<S> = [NonNullable<S>] extends [never] ? false : z.ZodType extends NonNullable<S> ? false : true;
type In<S> = z.input<NonNullable<S> & z.ZodType>;
type Out<S> = z.output<NonNullable<S> & z.ZodType>;

/**
 * What a call of `E` takes: its path params, query, body and required headers (the card commands'
 * Idempotency-Key) as the contract types them, and call options.
 */
export type EndpointInput<E extends Endpoint> = (Declared<E['params']> extends true
  ? { params: In<E['params']> }
  : { params?: undefined }) &
  (Declared<E['query']> extends true ? { query?: In<E['query']> } : { query?: undefined }) &
  (Declared<E['body']> extends true ? { body: In<E['body']> } : { body?: FormData | undefined }) &
  (Declared<E['headers']> extends true
    ? { headers: In<E['headers']> & Record<string, string> }
    : { headers?: Record<string, string> | undefined }) &
  Pick<RequestOptions, 'signal' | 'redirectOnAuthFailure'>;

/** What a call of `E` answers: its response schema's output, a Blob for a binary body, or nothing (204). */
export type EndpointResult<E extends Endpoint> =
  Declared<E['response']> extends true
    ? Out<E['response']>
    : [E['produces']] extends [string]
      ? Blob
      : undefined;

/** `/api/v1/tenants/{id}/services` with `{ id: 't 1' }` → `/tenants/t%201/services` (relative to the API base). */
export function endpointPath(endpoint: Endpoint, params: Record<string, unknown> | undefined): string {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`${endpoint.method.toUpperCase()} ${endpoint.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  if (!path.startsWith(`${API_BASE_URL}/`)) throw new Error(`${endpoint.path} is not under ${API_BASE_URL}`);
  return path.slice(API_BASE_URL.length);
}

type Request = <T>(method: HttpMethod, path: string, options: RequestOptions<T>) => Promise<T>;

/** Calls a contract endpoint: path from its params, method from the endpoint, answer parsed by its schema. */
export function callEndpoint<E extends Endpoint>(
  request: Request,
  endpoint: E,
  input: EndpointInput<E>,
): Promise<EndpointResult<E>> {
  const { params, query, body, ...options } = input as {
    params?: Record<string, unknown>;
    query?: RequestOptions['query'];
    body?: unknown;
  } & Pick<RequestOptions, 'headers' | 'signal' | 'redirectOnAuthFailure'>;
  return request(endpoint.method.toUpperCase() as HttpMethod, endpointPath(endpoint, params), {
    ...options,
    ...(query !== undefined && { query }),
    ...(body !== undefined && { body }),
    ...(endpoint.response && !endpoint.produces && { schema: endpoint.response }),
  }) as Promise<EndpointResult<E>>;
}

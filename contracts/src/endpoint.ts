import type { z } from 'zod';
import type { Permission, Roles } from './permissions';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * The tenant a staff endpoint works in, which must be the caller's own (the token's `tid`); a caller of
 * another tenant, or not staff, gets 403:
 * - `{ path: 'id' }`: named by that path parameter (`/tenants/{id}/…`);
 * - `{ query: 'tenantId' }` / `{ body: 'tenantId' }`: named by that field of the query or the JSON body;
 * - `'caller'`: the caller's own tenant (the path names a resource, e.g. a card, that the service looks
 *   up within the caller's tenant, answering 404 for another tenant's).
 */
export type TenantScope = { path: string } | { query: string } | { body: string } | 'caller';

/**
 * The whole access rule of an endpoint: its `auth`, and for staff endpoints the `tenant` they are scoped
 * to. A permission always comes with a tenant (an employee's permissions are those of one tenant).
 * `auth` says who may call, decided from the access token alone before any input is read (registerEndpoint
 * derives the guard from it: 401 without a valid token, 403 otherwise, SPEC §8):
 * - `'public'`: anyone, no token needed;
 * - `'authenticated'`: any signed-in caller — alone, the endpoint acts on the caller themself (their
 *   account, their own card: ownership of a card is the service's check on its data); with a `tenant`,
 *   any staff member (owner or employee) of that tenant;
 * - a role (`business_owner`, `customer`): only callers of that role;
 * - a permission: staff of the `tenant` holding it (owners hold every permission).
 */
export type Access =
  | { auth: 'public' | typeof Roles.owner | typeof Roles.customer; tenant?: never }
  | { auth: 'authenticated'; tenant?: TenantScope }
  | { auth: Permission; tenant: TenantScope };

/**
 * One HTTP endpoint of `/api/v1`, declared once here and used three ways: the owning service registers
 * it (validation of params/query/body), the SPA types its calls with it, and the OpenAPI document is
 * generated from it.
 */
export type Endpoint<
  TParams extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
  TBody extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
  TProduces extends string | undefined = string | undefined,
  THeaders extends z.ZodType = z.ZodType,
> = {
  method: HttpMethod;
  /** full path with `{name}` placeholders, e.g. `/api/v1/tenants/{id}` */
  path: string;
  /** the service that owns the path (ARCHITECTURE §1) */
  owner: ServiceName;
  summary: string;
  tags: readonly string[];
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
  /** request headers the endpoint requires, e.g. `Idempotency-Key` on card commands (names in lower case) */
  headers?: THeaders;
  /**
   * The coded error answers (SPEC §8 `code` + `localizedMessage`) this endpoint really gives, by status, with
   * their codes. The OpenAPI document declares them; the answers every endpoint may give (400 validation for
   * input, 401/403 for signed-in calls, 413 for bodies, 429, 500, 503) are declared for all as they apply.
   */
  errors?: readonly ErrorAnswer[];
} & Access;

/** One status of an endpoint's coded error answers and the codes it carries. */
export interface ErrorAnswer {
  status: 400 | 401 | 404 | 409 | 410 | 412 | 422 | 429;
  codes: readonly string[];
}

export type ServiceName =
  'gateway' | 'identity' | 'tenant' | 'card-ledger' | 'billing' | 'survey' | 'notification';

export function defineEndpoint<
  TParams extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
  TBody extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
  TProduces extends string | undefined = undefined,
  THeaders extends z.ZodType = z.ZodType,
>(
  endpoint: Endpoint<TParams, TQuery, TBody, TResponse, TProduces, THeaders>,
): Endpoint<TParams, TQuery, TBody, TResponse, TProduces, THeaders> {
  return endpoint;
}

/** `/api/v1/tenants/{id}` → `/api/v1/tenants/:id` (Fastify syntax). */
export function toFastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

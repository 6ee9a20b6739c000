import fastifyCookie from '@fastify/cookie';
import type { Access, TenantScope } from '@punkto/contracts/endpoint';
import {
  Roles,
  type Permission,
  type Role,
  RoleSchema,
  PermissionSchema,
} from '@punkto/contracts/permissions';
import type { FastifyRequest, preHandlerHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { PermissionDeniedError, UnauthenticatedError } from '../errors/errors';
import type { RevocableClaims } from './token-standing';

/** Name of the httpOnly cookie holding the access token. */
export const ACCESS_COOKIE = 'punkto_access';
/** Name of identity's httpOnly refresh-token cookie (identity sets it; the CSRF check knows it too). */
export const REFRESH_COOKIE = 'punkto_refresh';

/**
 * Claims of the access token (EdDSA JWT issued by identity):
 * `sub` user id, `role`, `tid` tenant id (optional), `perms` granted permissions (employees), `email`,
 * `name` (the account's name; absent in tokens issued before it was added), `av` the access version.
 */
const AccessClaims = z.object({
  sub: z.string().min(1),
  role: RoleSchema,
  tid: z.string().min(1).optional(),
  perms: z.array(PermissionSchema).default([]),
  email: z.string().optional(),
  name: z.string().optional(),
  /** the session (login family); absent in tokens issued before revocations existed */
  sid: z.string().optional(),
  /** the account's access version at issue (ADR 0038); absent in tokens issued before it existed */
  av: z.number().int().nonnegative().optional(),
  iat: z.number().optional(),
  exp: z.number(),
});
type AccessClaims = z.infer<typeof AccessClaims>;

/**
 * Verified tokens kept by their exact text: a session sends the same token with every call for its 15 minutes,
 * and its EdDSA verification (~0.2 ms) was the largest cost of an award after the database's commit. An entry
 * lives until the token expires and at most a minute, so a key withdrawn from identity's JWKS stops admitting
 * its tokens within that minute; revocation is checked on every request, cached or not. Only valid tokens are
 * kept (a flood of invalid ones cannot push out the valid).
 */
const VERIFIED_TTL_MS = 60_000;
const VERIFIED_MAX = 10_000;

export interface AuthUser {
  id: string;
  role: Role;
  tenantId?: string;
  permissions: Permission[];
  email?: string;
  name?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the verified caller, or null for anonymous requests */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** every route registered after authPlugin, with the handler it runs (route-coverage tests) */
    registeredRoutes: ReadonlyArray<{ method: string; url: string; handler: unknown }>;
  }
}

export interface AuthPluginOptions {
  /** `createRemoteJWKSet(new URL(jwksUrl))` in services; `createLocalJWKSet(...)` in tests */
  keys: JWTVerifyGetKey;
  issuer: string;
  audience: string;
  /**
   * a verified token whose session or user was revoked since, or whose access version is below the user's
   * latest (permissions changed, ADR 0038), counts as none (access-revocations.ts)
   */
  isRevoked?: (claims: RevocableClaims) => boolean;
}

/**
 * Verifies the access token from the cookie (or `Authorization: Bearer` for machine clients) on every
 * request and sets `request.user`. It never rejects by itself: routes opt in through their access rule
 * (`accessGuard` below, which registerEndpoint derives from the contract).
 * An invalid or expired token makes the request anonymous, so protected routes answer 401 and the SPA
 * refreshes.
 */
export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    if (!app.hasDecorator('parseCookie')) await app.register(fastifyCookie);
    app.decorateRequest('user', null);
    const routes: Array<{ method: string; url: string; handler: unknown }> = [];
    app.decorate('registeredRoutes', routes);
    app.addHook('onRoute', (route) => {
      assertDerivedGuards(route);
      for (const method of [route.method].flat())
        routes.push({ method, url: route.url, handler: route.handler });
    });
    const verified = new LRUCache<string, AccessClaims>({ max: VERIFIED_MAX });
    async function verify(token: string): Promise<AccessClaims> {
      const { payload } = await jwtVerify(token, options.keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ['EdDSA'],
      });
      const claims = AccessClaims.parse(payload);
      verified.set(token, claims, {
        ttl: Math.max(1, Math.min(VERIFIED_TTL_MS, claims.exp * 1000 - Date.now())),
      });
      return claims;
    }
    app.addHook('onRequest', async (request) => {
      request.user = null;
      const token = tokenOf(request);
      if (!token) return;
      try {
        const claims = verified.get(token) ?? (await verify(token));
        // a cached token is checked against the clock too: the cache's own timer is not the token's expiry
        if (claims.exp * 1000 <= Date.now()) return;
        if (options.isRevoked?.(claims)) {
          request.log.debug({ sid: claims.sid, av: claims.av }, 'access token revoked');
          return;
        }
        request.user = {
          id: claims.sub,
          role: claims.role,
          tenantId: claims.tid,
          permissions: claims.perms,
          email: claims.email,
          name: claims.name,
        };
      } catch (error) {
        if (!(error instanceof joseErrors.JOSEError) && !(error instanceof z.ZodError)) throw error;
        request.log.debug({ reason: (error as Error).message }, 'access token rejected');
      }
    });
  },
  { name: 'punkto-auth' },
);

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length);
  return request.cookies?.[ACCESS_COOKIE];
}

export function hasPermission(user: AuthUser, permission: Permission): boolean {
  return user.role === Roles.owner || user.permissions.includes(permission);
}

/**
 * The guard of an access rule (contracts/src/endpoint.ts `Access`), decided from the token alone: 401 without
 * a valid token; 403 for another role, for a caller who is not staff of the scoped tenant (another tenant's
 * user, SPEC §8: never data) or who lacks the permission. A tenant named in the query or body is compared as
 * sent; when it is missing, validation answers (400). registerEndpoint installs it for every contract
 * endpoint; a route outside the contracts declares its rule and uses `accessGuard(rule)` — never a
 * hand-written pre-handler (the plugin refuses those at registration).
 */
function authorize(access: Access, request: FastifyRequest): void {
  if (access.auth === 'public') return;
  const user = request.user;
  if (!user) throw new UnauthenticatedError();
  if (access.auth === Roles.owner || access.auth === Roles.customer) {
    if (user.role !== access.auth) throw new PermissionDeniedError();
    return;
  }
  if (!access.tenant) return;
  const isStaff = user.role === Roles.owner || user.role === Roles.employee;
  if (!isStaff || !user.tenantId) throw new PermissionDeniedError();
  const named = tenantNamed(access.tenant, request);
  if (named !== undefined && named !== user.tenantId) throw new PermissionDeniedError();
  if (access.auth !== 'authenticated' && !hasPermission(user, access.auth)) throw new PermissionDeniedError();
}

/** The tenant the request names for its scope: the caller's own, a path parameter, or a query/body field. */
function tenantNamed(scope: TenantScope, request: FastifyRequest): unknown {
  if (scope === 'caller') return undefined;
  if ('path' in scope) return (request.params as Record<string, unknown> | undefined)?.[scope.path] ?? '';
  const source = 'query' in scope ? request.query : request.body;
  const field = 'query' in scope ? scope.query : scope.body;
  return source !== null && typeof source === 'object'
    ? (source as Record<string, unknown>)[field]
    : undefined;
}

const guards = new WeakSet<preHandlerHookHandler>();

/** The pre-handler of an access rule (undefined for a public one): the only guard a route may carry. */
export function accessGuard(access: Access): preHandlerHookHandler | undefined {
  if (access.auth === 'public') return undefined;
  const guard: preHandlerHookHandler = async (request) => authorize(access, request);
  guards.add(guard);
  return guard;
}

/** Marks a pre-handler that decides nothing about access (a rate limit) as allowed beside the guard. */
export function notAnAccessCheck<T extends preHandlerHookHandler>(handler: T): T {
  guards.add(handler);
  return handler;
}

/**
 * Registration-time check (authPlugin's onRoute): a route's pre-handlers are only guards derived from access
 * rules (and pre-handlers marked as no access check), so a route cannot carry a guard its contract does not
 * declare.
 */
function assertDerivedGuards(route: RouteOptions): void {
  const preHandlers = [route.preHandler ?? []].flat();
  if (preHandlers.every((handler) => guards.has(handler as preHandlerHookHandler))) return;
  throw new Error(
    `${String(route.method)} ${route.url}: a hand-written pre-handler — declare the route's access in its ` +
      'contract (registerEndpoint) or use accessGuard(rule)',
  );
}

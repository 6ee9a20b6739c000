import fastifyCookie from '@fastify/cookie';
import {
  Roles,
  type Permission,
  type Role,
  RoleSchema,
  PermissionSchema,
} from '@punkto/contracts/permissions';
import type { FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { PermissionDeniedError, UnauthenticatedError } from '../errors/errors';

/** Name of the httpOnly cookie holding the access token. */
export const ACCESS_COOKIE = 'punkto_access';
/** Name of identity's httpOnly refresh-token cookie (identity sets it; the CSRF check knows it too). */
export const REFRESH_COOKIE = 'punkto_refresh';

/**
 * Claims of the access token (EdDSA JWT issued by identity):
 * `sub` user id, `role`, `tid` tenant id (optional), `perms` granted permissions (employees), `email`,
 * `name` (the account's name; absent in tokens issued before it was added).
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
  iat: z.number().optional(),
});

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
}

export interface AuthPluginOptions {
  /** `createRemoteJWKSet(new URL(jwksUrl))` in services; `createLocalJWKSet(...)` in tests */
  keys: JWTVerifyGetKey;
  issuer: string;
  audience: string;
  /** a verified token whose session or user was revoked since (access-revocations.ts) counts as none */
  isRevoked?: (claims: { sub: string; sid?: string; iat?: number }) => boolean;
}

/**
 * Verifies the access token from the cookie (or `Authorization: Bearer` for machine clients) on every
 * request and sets `request.user`. It never rejects by itself: routes opt in with the pre-handlers below.
 * An invalid or expired token makes the request anonymous, so protected routes answer 401 and the SPA
 * refreshes.
 */
export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    if (!app.hasDecorator('parseCookie')) await app.register(fastifyCookie);
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      request.user = null;
      const token = tokenOf(request);
      if (!token) return;
      try {
        const { payload } = await jwtVerify(token, options.keys, {
          issuer: options.issuer,
          audience: options.audience,
          algorithms: ['EdDSA'],
        });
        const claims = AccessClaims.parse(payload);
        if (options.isRevoked?.(claims)) {
          request.log.debug({ sid: claims.sid }, 'access token revoked');
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

/** 401 unless a valid token came with the request. */
export const requireAuth: preHandlerHookHandler = async (request) => {
  if (!request.user) throw new UnauthenticatedError();
};

/** 401/403 unless the caller has one of these roles. */
export function requireRole(...roles: Role[]): preHandlerHookHandler {
  return async (request) => {
    if (!request.user) throw new UnauthenticatedError();
    if (!roles.includes(request.user.role)) throw new PermissionDeniedError();
  };
}

/**
 * Tenant isolation + permission: the caller must belong to the tenant named by the path parameter
 * (default `id`) and, when given, hold the permission (owners hold every permission).
 * Cross-tenant access is a 403 (SPEC §8), never data.
 */
export function requireTenantAccess(permission?: Permission, param = 'id'): preHandlerHookHandler {
  return async (request) => {
    const user = request.user;
    if (!user) throw new UnauthenticatedError();
    const tenantId = (request.params as Record<string, string | undefined>)[param];
    const isStaff = user.role === Roles.owner || user.role === Roles.employee;
    if (!isStaff || !tenantId || user.tenantId !== tenantId) throw new PermissionDeniedError();
    if (permission && !hasPermission(user, permission)) throw new PermissionDeniedError();
  };
}

import * as api from '@punkto/contracts/endpoints/identity';
import { SESSION_HINT_COOKIE } from '@punkto/contracts/identity';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '@punkto/platform/http/auth-plugin';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityConfig } from '../config';
import type { IdentityService, IssuedSession } from './identity.service';
import { RefreshFailedError } from './user.errors';

/** Name (platform's, so the CSRF check knows it) and path of the refresh-token cookie: sent only to /api/v1/users/* (refresh, logout, change-password). */
export { REFRESH_COOKIE };
export const REFRESH_COOKIE_PATH = '/api/v1/users';

/**
 * Cookies: SameSite=Lax; Secure by COOKIE_SECURE — in production always (a TLS-terminating proxy in front of
 * the gateway is invisible here unless TRUST_PROXY is set, so "when HTTPS" left production cookies without
 * it), otherwise when the request reached the gateway over HTTPS (`x-forwarded-proto`). `punkto_access` (httpOnly, path `/`) lives as long as the access token; `punkto_refresh`
 * (httpOnly, path `/api/v1/users`) as long as the refresh token, and so does `punkto_session` (readable by the
 * SPA, path `/`, value `1`): the hint that there is a session to load at all.
 */
export function secureCookies(
  config: Pick<IdentityConfig, 'COOKIE_SECURE' | 'NODE_ENV'>,
  request: FastifyRequest,
): boolean {
  const mode = config.COOKIE_SECURE ?? (config.NODE_ENV === 'production' ? 'always' : 'auto');
  return mode === 'always' || (mode === 'auto' && request.protocol === 'https');
}

function setSessionCookies(base: CookieBase, reply: FastifyReply, session: IssuedSession, now: Date) {
  reply.setCookie(ACCESS_COOKIE, session.accessToken, {
    ...base,
    path: '/',
    maxAge: Math.max(0, Math.floor((session.accessTokenExpiresAt.getTime() - now.getTime()) / 1000)),
  });
  const refreshMaxAge = Math.max(
    0,
    Math.floor((session.refreshTokenExpiresAt.getTime() - now.getTime()) / 1000),
  );
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    ...base,
    path: REFRESH_COOKIE_PATH,
    maxAge: refreshMaxAge,
  });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...base, httpOnly: false, path: '/', maxAge: refreshMaxAge });
}

function clearSessionCookies(base: CookieBase, reply: FastifyReply) {
  reply.clearCookie(ACCESS_COOKIE, { ...base, path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { ...base, path: REFRESH_COOKIE_PATH });
  reply.clearCookie(SESSION_HINT_COOKIE, { ...base, httpOnly: false, path: '/' });
}

type CookieBase = { httpOnly: true; sameSite: 'lax'; secure: boolean };

const sessionBody = (session: IssuedSession) => ({
  user: session.profile,
  accessTokenExpiresAt: session.accessTokenExpiresAt.toISOString(),
});

type RouteOptions = { config: IdentityConfig; clock: () => Date };

const cookieBaseOf = (config: IdentityConfig, request: FastifyRequest): CookieBase => ({
  httpOnly: true,
  sameSite: 'lax',
  secure: secureCookies(config, request),
});
const userId = (request: FastifyRequest) => request.user!.id;
const refreshCookie = (request: FastifyRequest) => request.cookies[REFRESH_COOKIE];
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** Registering, activating and the one-time links (resend, password reset). */
function registrationRoutes(app: FastifyInstance, service: IdentityService) {
  registerEndpoint(app, api.register, async ({ body, request }) =>
    service.register({ ...body, ip: request.ip }),
  );

  registerEndpoint(app, api.activateAccount, async ({ body }) => service.activate(body.token));

  registerEndpoint(app, api.resendActivation, async ({ body, request }) => ({
    message: await service.resendActivation(body.email, request.ip),
  }));

  registerEndpoint(app, api.resendEmailConfirmation, async ({ request }) => ({
    message: await service.resendEmailConfirmation(userId(request), request.ip),
  }));

  registerEndpoint(app, api.initiatePasswordReset, async ({ body, request }) => ({
    message: await service.initiatePasswordReset(body.email, request.ip),
  }));

  registerEndpoint(app, api.resetPassword, async ({ body }) => ({
    message: await service.resetPassword(body.token, body.newPassword),
  }));
}

/** The session: signing keys, login, refresh and logout, with their cookies. */
function sessionRoutes(app: FastifyInstance, service: IdentityService, { config, clock }: RouteOptions) {
  registerEndpoint(app, api.jwks, async ({ reply }) => {
    reply.header('cache-control', 'public, max-age=300');
    return service.jwks();
  });

  registerEndpoint(app, api.login, async ({ body, request, reply }) => {
    const session = await service.login({ ...body, ip: request.ip });
    setSessionCookies(cookieBaseOf(config, request), reply, session, clock());
    noStore(reply);
    return sessionBody(session);
  });

  registerEndpoint(app, api.refresh, async ({ request, reply }) => {
    noStore(reply);
    try {
      const session = await service.refresh(refreshCookie(request));
      setSessionCookies(cookieBaseOf(config, request), reply, session, clock());
      return sessionBody(session);
    } catch (error) {
      if (error instanceof RefreshFailedError) clearSessionCookies(cookieBaseOf(config, request), reply);
      throw error;
    }
  });

  registerEndpoint(app, api.logout, async ({ request, reply }) => {
    await service.logout(refreshCookie(request));
    clearSessionCookies(cookieBaseOf(config, request), reply);
    return undefined;
  });
}

/** The signed-in person's own account: profile, password, preferences, deletion. */
function meRoutes(app: FastifyInstance, service: IdentityService, { config }: RouteOptions) {
  registerEndpoint(app, api.me, async ({ request, reply }) => {
    noStore(reply);
    return service.me(userId(request));
  });

  registerEndpoint(app, api.changePassword, async ({ body, request }) => {
    await service.changePassword(
      userId(request),
      { currentPassword: body.currentPassword, newPassword: body.newPassword, ip: request.ip },
      refreshCookie(request),
    );
    return undefined;
  });

  registerEndpoint(app, api.updateUser, async ({ body, request }) =>
    service.updateUser(userId(request), body, request.ip),
  );

  registerEndpoint(app, api.getUserPreferences, async ({ request }) => service.preferences(userId(request)));

  registerEndpoint(app, api.updateUserPreferences, async ({ body, request }) =>
    service.updatePreferences(userId(request), body),
  );

  registerEndpoint(app, api.deleteMe, async ({ body, request, reply }) => {
    await service.deleteAccount(userId(request), body.password, request.ip);
    clearSessionCookies(cookieBaseOf(config, request), reply);
    return undefined;
  });
}

export function userRoutes(app: FastifyInstance, service: IdentityService, options: RouteOptions) {
  sessionRoutes(app, service, options);
  registrationRoutes(app, service);
  meRoutes(app, service, options);
}

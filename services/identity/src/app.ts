import { Topics } from '@punkto/contracts/topics';
import { createCaptcha } from '@punkto/platform/captcha/captcha-config';
import type { Captcha } from '@punkto/platform/captcha/captcha.port';
import { authPlugin } from '@punkto/platform/http/auth-plugin';
import { csrfPlugin } from '@punkto/platform/http/csrf-plugin';
import { createServer } from '@punkto/platform/http/server';
import type { RelayRoute } from '@punkto/platform/relay/event-relay';
import { readinessOf } from '@punkto/platform/runtime/infrastructure';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import type { ServiceDeps } from '@punkto/platform/runtime/service-server';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet } from 'jose';
import type { IdentityConfig } from './config';
import { argon2idHasher, type PasswordHasher } from './security/password-hasher';
import { clientEventsConsumer } from './clients/client-events.consumer';
import { employeeEventsConsumer } from './employees/employee-events.consumer';
import { tenantEventsConsumer } from './tenants/tenant-events.consumer';
import { createIdentityService, type IdentityService } from './users/identity.service';
import { userRoutes } from './users/user.routes';

/**
 * Identity service: users, credentials, sessions, activation and reset tokens, preferences, token signing (JWKS).
 */
export type IdentityDeps = ServiceDeps<IdentityConfig> & {
  /** built by main.ts from CAPTCHA_PROVIDER; when absent the same factory is applied to the config */
  captcha?: Captcha;
  /** injected clock (tests move time forward); default: the system clock */
  clock?: () => Date;
  hasher?: PasswordHasher;
};

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityService;
  }
}

/** Streams this service owns and the topics their events are published to. */
export const relayRoutes: RelayRoute[] = [{ streamPrefix: 'user-', topic: Topics.identityUsers }];

export async function buildIdentity(deps: IdentityDeps): Promise<IdentityService> {
  return createIdentityService({
    config: deps.config,
    eventStore: deps.infra.eventStore,
    documents: deps.infra.documents,
    mailer: deps.infra.mailer,
    captcha: deps.captcha ?? createCaptcha(deps.config),
    hasher: deps.hasher ?? argon2idHasher(),
    logger: deps.logger,
    clock: deps.clock ?? (() => new Date()),
    ...(deps.revocations && { revocations: deps.revocations }),
  });
}

export async function buildApp(deps: IdentityDeps): Promise<FastifyInstance> {
  const clock = deps.clock ?? (() => new Date());
  const service = await buildIdentity({ ...deps, clock });
  const app = createServer({ service: 'identity', logger: deps.logger, readiness: readinessOf(deps.infra) });
  // identity is the issuer: it verifies access tokens with its own key, not by fetching its own JWKS over HTTP
  await app.register(authPlugin, {
    keys: createLocalJWKSet(service.jwks() as Parameters<typeof createLocalJWKSet>[0]),
    issuer: deps.config.AUTH_ISSUER,
    audience: deps.config.AUTH_AUDIENCE,
    ...(deps.revocations && { isRevoked: deps.revocations.isRevoked }),
  });
  await app.register(csrfPlugin, { allowedOrigins: deps.config.CSRF_ALLOWED_ORIGINS });
  app.decorate('identity', service);
  app.addHook('onClose', async () => service.settled());
  userRoutes(app, service, { config: deps.config, clock });
  return app;
}

/**
 * Bus consumers: tenant.tenants.v1 (the owner's tenant id, the `tid` claim; TenantDeleted), tenant.employees.v1
 * (employees' accounts and permissions) and tenant.clients.v1 (customer accounts of enrolled clients).
 */
export function consumers(deps: IdentityDeps): ConsumerSpec[] {
  let service: Promise<IdentityService> | undefined;
  const identity = () => (service ??= buildIdentity(deps));
  return [
    tenantEventsConsumer(identity, deps.logger),
    employeeEventsConsumer(identity, deps.logger),
    clientEventsConsumer(identity, deps.logger),
  ];
}

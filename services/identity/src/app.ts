import { Topics } from '@punkto/contracts/topics';
import { createCaptcha } from './captcha/captcha-config';
import type { Captcha } from './captcha/captcha.port';
import type { RelayRoute } from '@punkto/platform/relay/event-relay';
import { consumerContext } from '@punkto/platform/runtime/event-consumer';
import type { BuiltService, ServiceDeps } from '@punkto/platform/runtime/service-server';
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
  hasher?: PasswordHasher;
};

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityService;
  }
}

/** Streams this service owns and the topics their events are published to. */
export const relayRoutes: RelayRoute[] = [{ streamPrefix: 'user-', topic: Topics.identityUsers }];

/**
 * The identity service, built once: the application object, the routes over it and the consumers of the
 * tenant service's events (the same instance, so its revocation list and rate rules are the process's).
 */
export async function buildService(
  deps: IdentityDeps,
): Promise<BuiltService & { identity: IdentityService }> {
  const { clock } = deps;
  const identity = await createIdentityService({
    config: deps.config,
    eventStore: deps.infra.eventStore,
    documents: deps.infra.documents,
    mailer: deps.infra.mailer,
    scheduler: deps.infra.scheduler,
    captcha: deps.captcha ?? createCaptcha(deps.config),
    hasher: deps.hasher ?? argon2idHasher(),
    logger: deps.logger,
    clock,
    ...(deps.revocations && { revocations: deps.revocations }),
  });
  const routes = async (app: FastifyInstance) => {
    app.decorate('identity', identity);
    app.addHook('onClose', async () => identity.settled());
    userRoutes(app, identity, { config: deps.config, clock });
  };

  // tenant.tenants.v1 (the owner's `tid`; TenantDeleted), tenant.employees.v1 (employees' accounts and
  // permissions), tenant.clients.v1 (customer accounts of enrolled clients)
  const context = consumerContext(deps);
  return {
    routes,
    // identity is the issuer: it verifies access tokens with its own key, not by fetching its own JWKS over
    // HTTP, and hands that key set to the services mounted beside it (ADR 0036)
    verificationKeys: createLocalJWKSet(identity.jwks() as Parameters<typeof createLocalJWKSet>[0]),
    identity,
    jobs: identity.jobs,
    consumers: [
      tenantEventsConsumer(identity, context),
      employeeEventsConsumer(identity, context),
      clientEventsConsumer(identity, context),
    ],
    // identity.users.v1 carries the events as stored (sealed), except a customer's phone (ADR 0017)
    relayEventStore: identity.relayEventStore,
  };
}

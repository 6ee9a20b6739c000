import type { FastifyInstance } from 'fastify';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import type { AccessRevocations } from '../http/access-revocations';
import { authPlugin } from '../http/auth-plugin';
import { createServer } from '../http/server';
import type { Logger } from '../observability/logger';
import { readinessOf, type Infrastructure } from './infrastructure';

/** What every service's `buildApp` receives from its composition root. */
export interface ServiceDeps<TConfig> {
  config: TConfig & { AUTH_ISSUER: string; AUTH_AUDIENCE: string };
  logger: Logger;
  infra: Infrastructure;
  /** identity's public keys (remote JWKS in production, a local key set in tests) */
  jwks: JWTVerifyGetKey;
  /** revoked sessions and users (bootService builds it and runs its consumer; tests may leave it out) */
  revocations?: AccessRevocations;
}

/** identity's JWKS, fetched lazily and cached by jose (refetched on an unknown `kid`). */
export const remoteJwks = (url: string): JWTVerifyGetKey =>
  createRemoteJWKSet(new URL(url), { cooldownDuration: 30_000 });

/** The server every service starts from: health/readiness over its stores and token verification. */
export async function createServiceServer<T>(
  service: string,
  deps: ServiceDeps<T>,
): Promise<FastifyInstance> {
  const app = createServer({ service, logger: deps.logger, readiness: readinessOf(deps.infra) });
  await app.register(authPlugin, {
    keys: deps.jwks,
    issuer: deps.config.AUTH_ISSUER,
    audience: deps.config.AUTH_AUDIENCE,
    ...(deps.revocations && { isRevoked: deps.revocations.isRevoked }),
  });
  return app;
}

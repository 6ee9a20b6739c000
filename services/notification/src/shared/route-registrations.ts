import type { FastifyInstance } from 'fastify';

/**
 * What a module registers on the service's HTTP scope, collected while it is built and registered in that
 * order by the scope its host gives (its own server, or mounted on the gateway's: runtime/service-server.ts).
 */
export type RouteRegistrations = Array<(app: FastifyInstance) => unknown>;

/** Registers the collected routes in order; only promises are awaited (a Fastify instance is thenable). */
export async function registerAll(routes: RouteRegistrations, app: FastifyInstance): Promise<void> {
  for (const register of routes) {
    const registered = register(app);
    if (registered instanceof Promise) await registered;
  }
}

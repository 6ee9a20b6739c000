import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MethodNotAllowedError } from '../errors/errors';

interface Route {
  url: string;
  pattern: RegExp;
  /** per segment: 1 a literal, 0 a parameter (`:id`) */
  rank: number[];
  methods: string[];
}

/** find-my-way's preference: at the first segment where two routes differ, a literal beats a parameter. */
function compareRank(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference) return difference;
  }
  return 0;
}

/** The matching routes that win for a path: the most literal ones (e.g. `/tenants/create` over `/tenants/:id`). */
function winners(routes: Route[], path: string): Route[] {
  let best: Route[] = [];
  for (const route of routes) {
    if (!route.pattern.test(path)) continue;
    const order = best.length ? compareRank(route.rank, best[0]!.rank) : 1;
    if (order > 0) best = [route];
    else if (order === 0) best.push(route);
  }
  return best;
}

/** Whether every path `literal` matches is also matched by `general`, which is less literal (it shadows it). */
function isInstanceOf(literal: Route, general: Route): boolean {
  const a = literal.url.split('/');
  const b = general.url.split('/');
  return (
    a.length === b.length &&
    b.every((segment, i) => segment.startsWith(':') || segment === a[i]) &&
    compareRank(literal.rank, general.rank) > 0
  );
}

/**
 * The methods each path of a server answers, learnt from its routes as they are added, so that a request
 * for a path that exists with a method it lacks gets 405 METHOD_NOT_ALLOWED with `Allow` (SPEC §8) instead
 * of a 404 that says the resource is not there.
 *
 * Where routes collide — `POST /tenants/create` beside `GET /tenants/:id`, `DELETE /payment-methods/remove`
 * beside `GET /payment-methods/:tenantId` — a path belongs to its most literal routes, as the router prefers
 * them: `Allow` for `/tenants/create` is `POST` only, and a method only the parametric route has
 * (`GET /tenants/create`, which the router would hand to `/tenants/:id` with id "create") is refused with the
 * same 405 before that route's handler runs, instead of reaching it with a path segment that names another
 * endpoint. The check costs one map look-up per request, and a pattern test only on routes that are shadowed.
 */
export function routeMethods(app: FastifyInstance): (path: string) => string[] {
  const routes: Route[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*')) return; // catch-alls (proxies, static files) say nothing about a path
    const segments = route.url.split('/');
    const pattern = new RegExp(
      `^${segments
        .map((segment) =>
          segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('/')}/?$`,
    );
    const rank = segments.map((segment) => (segment.startsWith(':') ? 0 : 1));
    routes.push({ url: route.url, pattern, rank, methods: [route.method].flat() });
  });

  const allowed = (path: string) => {
    const methods = new Set<string>();
    for (const route of winners(routes, path)) route.methods.forEach((m) => methods.add(m));
    return [...methods].sort();
  };

  // route url → the more literal routes of other methods whose paths it would also take
  let shadowed: Map<string, Route[]> | undefined;
  const shadowsOf = (url: string) => {
    shadowed ??= new Map(
      routes
        .map((general) => [general.url, routes.filter((r) => isInstanceOf(r, general))] as const)
        .filter(([, literal]) => literal.length > 0),
    );
    return shadowed.get(url);
  };
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    const url = request.routeOptions.url;
    const literal = url === undefined ? undefined : shadowsOf(url);
    if (!literal) return done();
    const path = request.url.split('?')[0] ?? '';
    if (!literal.some((route) => route.pattern.test(path))) return done();
    const methods = allowed(path);
    if (methods.includes(request.method)) return done();
    reply.header('allow', methods.join(', '));
    done(new MethodNotAllowedError());
  });

  return allowed;
}

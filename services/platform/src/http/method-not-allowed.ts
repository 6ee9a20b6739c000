import type { FastifyInstance } from 'fastify';

/**
 * The methods each path of a server answers, learnt from its routes as they are added, so that a request
 * for a path that exists with a method it lacks gets 405 METHOD_NOT_ALLOWED with `Allow` (SPEC §8) instead
 * of a 404 that says the resource is not there.
 */
export function routeMethods(app: FastifyInstance): (path: string) => string[] {
  const routes: Array<{ pattern: RegExp; methods: string[] }> = [];
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*')) return; // catch-alls (proxies, static files) say nothing about a path
    const pattern = new RegExp(
      `^${route.url
        .split('/')
        .map((segment) =>
          segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('/')}/?$`,
    );
    routes.push({ pattern, methods: [route.method].flat() });
  });
  return (path) => {
    const methods = new Set<string>();
    for (const route of routes) if (route.pattern.test(path)) route.methods.forEach((m) => methods.add(m));
    return [...methods].sort();
  };
}

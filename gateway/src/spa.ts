import fastifyStatic from '@fastify/static';
import { ErrorCodes } from '@punkto/contracts/errors';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

type NotFoundHandler = RouteHandlerMethod;
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Serves the built SPA. Hashed assets are cached for a year; `index.html` never is. Any other GET that
 * accepts HTML falls back to `index.html` (history routing: `/zaloguj` deep links work); API paths keep
 * their JSON 404.
 */
export function hasBuiltSpa(distDir: string): boolean {
  return existsSync(resolve(distDir, 'index.html'));
}

export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const root = resolve(distDir);
  if (hasBuiltSpa(distDir)) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
}

/** 404s: HTML navigations get `index.html` (client-side routes), everything else the JSON error. */
export function spaNotFoundHandler(hasIndex: boolean): NotFoundHandler {
  return (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    const isApi = path.startsWith('/api/') || path === '/api';
    if (
      hasIndex &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApi &&
      (wantsHtml || !path.includes('.'))
    ) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      code: ErrorCodes.notFound,
      localizedMessage: `Nie znaleziono zasobu: ${request.method} ${path}`,
      status: 404,
    });
  };
}

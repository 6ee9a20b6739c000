import fastifyStatic from '@fastify/static';
import { ErrorCodes } from '@punkto/contracts/errors';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { existsSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';

type NotFoundHandler = RouteHandlerMethod;

/**
 * Serves the built SPA. Hashed assets are cached for a year; `index.html` never is. The build writes `.br` and
 * `.gz` copies of text files (web/vite.config.ts), served to clients that accept them (`Vary: Accept-Encoding`). Any other GET that
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
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
}

/** The landing page `/` as rendered at build time (web/vite.config.ts); index.html stays the empty app shell. */
const PRERENDERED_HOME = 'home.html';

/**
 * A page pre-rendered at build time (`<dist>/home.html` for `/`, `<dist>/blog/<slug>/index.html`, with their
 * SEO and Open Graph tags) for this path, relative to dist, or undefined. The path is resolved inside dist
 * only; answers are cached since the build does not change while the gateway runs.
 */
function prerenderedPage(
  root: string,
  path: string,
  cache: Map<string, string | undefined>,
): string | undefined {
  if (cache.has(path)) return cache.get(path);
  let found: string | undefined;
  if (path === '/') {
    found = existsSync(resolve(root, PRERENDERED_HOME)) ? PRERENDERED_HOME : undefined;
    cache.set(path, found);
    return found;
  }
  try {
    const candidate = resolve(root, `.${decodeURIComponent(path)}`, 'index.html');
    if (
      candidate.startsWith(root + sep) &&
      candidate !== resolve(root, 'index.html') &&
      existsSync(candidate)
    ) {
      found = relative(root, candidate);
    }
  } catch {
    found = undefined; // malformed percent-encoding: not a page of ours
  }
  if (cache.size < 10_000) cache.set(path, found);
  return found;
}

/**
 * 404s: HTML navigations get their pre-rendered page when the build made one, else `index.html`
 * (client-side routes); everything else the JSON error.
 */
export function spaNotFoundHandler(hasIndex: boolean, distDir = ''): NotFoundHandler {
  const root = resolve(distDir);
  const pages = new Map<string, string | undefined>();
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
      const page = prerenderedPage(root, path.replace(/\/+$/, '') || '/', pages);
      return reply.header('cache-control', 'no-cache').sendFile(page ?? 'index.html');
    }
    return reply.status(404).send({
      code: ErrorCodes.notFound,
      localizedMessage: `Nie znaleziono zasobu: ${request.method} ${path}`,
      status: 404,
    });
  };
}

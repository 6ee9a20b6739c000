import fastifyStatic from '@fastify/static';
import { ErrorCodes } from '@punkto/contracts/errors';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { appPageMatcher, openGraphPages } from './public-site';
import { loginHref, mayHaveSession, signedInAreaMatcher } from './signed-in-areas';

type NotFoundHandler = RouteHandlerMethod;

/**
 * Serves the built SPA. Hashed assets are cached for a year; `index.html` never is, nor is any other file outside
 * `assets/`: the scanner's service worker (`/sw.js`, which the browser must revalidate for a new deploy to take
 * over), its manifest and icons (ADR 0049). The build writes `.br` and
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

/** The build's list of pre-rendered pages (web/vite.config.ts, `prerenderPages`): which file for which URL. */
const PRERENDERED_MANIFEST = 'prerendered.json';

type PrerenderedEntry = {
  /** the page's path and query, `/stworz-konto?typ=firma` */
  url: string;
  /** relative to dist */
  file: string;
  /** `exact`: only for this very query (the page's content depends on it); `any`: whatever the query */
  query: 'exact' | 'any';
  /** with `exact`: query parameters the page does not depend on (`redirect` on the login page), ignored in matching */
  sameFor?: string[];
};

/** The manifest's pages by path, or undefined when the build has none (an older build: see below). */
function readPrerenderedManifest(root: string): Map<string, PrerenderedEntry[]> | undefined {
  const path = resolve(root, PRERENDERED_MANIFEST);
  if (!existsSync(path)) return undefined;
  const pages = new Map<string, PrerenderedEntry[]>();
  const entries = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  if (!Array.isArray(entries)) throw new Error(`${path}: not a list of pages`);
  for (const entry of entries as PrerenderedEntry[]) {
    const file = resolve(root, entry.file);
    // a file outside dist, or one the build did not write, is never served
    if (!file.startsWith(root + sep) || !existsSync(file)) throw new Error(`${path}: no file ${entry.file}`);
    const pathname = entry.url.split('?')[0] ?? '/';
    pages.set(pathname, [...(pages.get(pathname) ?? []), { ...entry, file: relative(root, file) }]);
  }
  return pages;
}

/**
 * The pre-rendered page listed in the manifest for this path and query: one made for exactly this query first
 * (`/zaloguj?type=customer`), else one whose content does not depend on the query. A query no page was made
 * for gets the app's shell, which renders what the query asks for.
 */
function manifestPage(
  pages: Map<string, PrerenderedEntry[]>,
  path: string,
  query: string,
): string | undefined {
  const candidates = pages.get(path) ?? [];
  const exact = candidates.find((page) => (page.url.split('?')[1] ?? '') === without(query, page.sameFor));
  return (exact ?? candidates.find((page) => page.query === 'any'))?.file;
}

/** The query without the parameters named (kept in their order), or as it is when none are named. */
function without(query: string, names: readonly string[] | undefined): string {
  if (!names?.length || !query) return query;
  const params = new URLSearchParams(query);
  for (const name of names) params.delete(name);
  return params.toString();
}

/**
 * Without a manifest (a build from before it): `<dist>/home.html` for `/`, `<dist>/blog/<slug>/index.html`
 * (with their SEO and Open Graph tags) for the blog, whatever the query. The path is resolved inside dist
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

/** The paths of the build's pre-rendered public pages (each once, without a query), for the sitemap. */
export function publicPagePaths(distDir: string): string[] {
  const manifest = readPrerenderedManifest(resolve(distDir));
  return manifest ? [...manifest.keys()] : [];
}

/**
 * 404s: HTML navigations get their pre-rendered page when the build made one for that URL (its og:url and
 * og:image made absolute under `publicUrl`), else `index.html` — with status 404 when the build's route list
 * (routes.json) has no page for the path, so the app shows its not-found page and crawlers see a 404;
 * everything else the JSON error.
 */
export function spaNotFoundHandler(hasIndex: boolean, distDir = '', publicUrl = ''): NotFoundHandler {
  const root = resolve(distDir);
  const manifest = hasIndex ? readPrerenderedManifest(root) : undefined;
  const pages = new Map<string, string | undefined>();
  const isAppPage = hasIndex
    ? appPageMatcher(root, (path) => (manifest ? manifest.has(path) : !!prerenderedPage(root, path, pages)))
    : undefined;
  const withOpenGraph = openGraphPages(root, publicUrl);
  const signedInArea = hasIndex ? signedInAreaMatcher(root) : undefined;
  return async (request, reply) => {
    const queryAt = request.url.indexOf('?');
    const path = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    const query = queryAt < 0 ? '' : request.url.slice(queryAt + 1);
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    const isApi = path.startsWith('/api/') || path === '/api';
    if (
      hasIndex &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApi &&
      (wantsHtml || !path.includes('.'))
    ) {
      const clean = path.replace(/\/+$/, '') || '/';
      const page = manifest ? manifestPage(manifest, clean, query) : prerenderedPage(root, clean, pages);
      reply.header('cache-control', 'no-cache');
      if (
        page &&
        publicUrl &&
        (await withOpenGraph(page, String(request.headers['accept-encoding'] ?? ''), reply))
      )
        return reply;
      // a signed-in area's page without a session: the login page now, not after the whole app (ADR 0063)
      const area = page ? undefined : signedInArea?.(safeDecode(clean));
      if (area) reply.header('vary', 'Cookie');
      if (area && !mayHaveSession(request.headers.cookie))
        return reply.redirect(loginHref(area, request.url), 302);
      if (!page && isAppPage && !isAppPage(safeDecode(clean))) reply.status(404);
      return reply.sendFile(page ?? 'index.html');
    }
    return reply.status(404).send({
      code: ErrorCodes.notFound,
      localizedMessage: `Nie znaleziono zasobu: ${request.method} ${path}`,
      status: 404,
    });
  };
}

/** A path as the router reads it (`%C5%82` → `ł`); malformed percent-encoding stays as it came. */
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

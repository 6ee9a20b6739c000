import type { FastifyInstance, FastifyReply } from 'fastify';
import FindMyWay from 'find-my-way';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

/**
 * What the public site tells crawlers and link previews (issue 33, ADR 0044): robots.txt, sitemap.xml, HTTP 404
 * for a path the app has no page for, and absolute og:url / og:image in the pre-rendered pages. The build is
 * made once for every deployment, so the site's address (PUBLIC_URL) is applied here, when the gateway serves.
 */

/** The build's list of the app's routes (web/vite.config.ts writes it from the router): `/panel/klienci/$clientId`. */
export const APP_ROUTES_FILE = 'routes.json';

type AppRoutes = {
  /** every route path of the app, as the router declares it */
  routes: string[];
  /** routes whose every page was rendered at build time (the blog's posts): another path under them is a 404 */
  prerenderedOnly: string[];
};

/** `/panel/klienci/$clientId` → `/panel/klienci/:clientId` (find-my-way's syntax); `$` alone (a splat) → `*`. */
export function routerPath(route: string): string {
  const clean = route.replace(/\/+$/, '') || '/';
  return clean
    .split('/')
    .map((segment) => (segment === '$' ? '*' : segment.startsWith('$') ? `:${segment.slice(1)}` : segment))
    .join('/');
}

/**
 * Whether the app has a page for a path: a callback from the build's route list, or undefined when the build
 * has none (an older build: every path is the app's, as before). `isPrerendered` tells the pages written at
 * build time, the only pages of a `prerenderedOnly` route.
 */
export function appPageMatcher(
  distDir: string,
  isPrerendered: (path: string) => boolean,
): ((path: string) => boolean) | undefined {
  const file = resolve(distDir, APP_ROUTES_FILE);
  if (!existsSync(file)) return undefined;
  const listed = JSON.parse(readFileSync(file, 'utf8')) as AppRoutes;
  if (!Array.isArray(listed.routes) || !Array.isArray(listed.prerenderedOnly))
    throw new Error(`${file}: not a list of routes`);
  const closed = new Set(listed.prerenderedOnly.map(routerPath));
  // the app's routes in Fastify's own router, so a path matches here exactly as it would there
  const router = FindMyWay({ ignoreTrailingSlash: true });
  for (const path of new Set(listed.routes.map(routerPath)))
    if (!closed.has(path)) router.on('GET', path, () => undefined);
  return (path) => isPrerendered(path) || router.find('GET', path) !== null;
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** robots.txt: the public pages may be crawled; the signed-in areas and the API not. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /panel',
    'Disallow: /klient',
    'Disallow: /subskrypcja',
    'Disallow: /api',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** sitemap.xml of the public pages (each path once, queries being variants of one page), absolute URLs. */
export function sitemapXml(publicUrl: string, paths: readonly string[]): string {
  const unique = [...new Set(paths.map((path) => path.split('?')[0] || '/'))];
  const urls = unique.map(
    (path) => `  <url><loc>${xmlEscape(`${publicUrl}${path === '/' ? '/' : path}`)}</loc></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** og:url and og:image written relative by a build without PUBLIC_URL, made absolute under it. */
export function absoluteOpenGraph(html: string, publicUrl: string): string {
  return html.replace(
    /(<meta\s+property="og:(?:url|image)"\s+content=")(\/[^"]*)"/g,
    (_match, start: string, path: string) => `${start}${publicUrl}${path}"`,
  );
}

const br = promisify(brotliCompress);
const gz = promisify(gzip);

type Served = { html: Buffer; br: Buffer; gzip: Buffer };

/**
 * Pre-rendered pages with their Open Graph addresses made absolute, read and compressed once per file (the
 * build does not change while the gateway runs), then sent in the encoding the browser accepts.
 */
export function openGraphPages(root: string, publicUrl: string) {
  const cache = new Map<string, Promise<Served | undefined>>();
  const load = async (file: string): Promise<Served | undefined> => {
    const source = await readFile(resolve(root, file), 'utf8');
    const html = absoluteOpenGraph(source, publicUrl);
    if (html === source) return undefined; // nothing to rewrite: the file is served as it is
    const body = Buffer.from(html);
    const size = { [zlib.BROTLI_PARAM_SIZE_HINT]: body.length, [zlib.BROTLI_PARAM_QUALITY]: 9 };
    const [brotli, gzipped] = await Promise.all([br(body, { params: size }), gz(body, { level: 9 })]);
    return { html: body, br: brotli, gzip: gzipped };
  };
  /** Sends the page's rewritten copy and answers true, or false when the file has no relative tag. */
  return async (file: string, accepts: string, reply: FastifyReply): Promise<boolean> => {
    let served = cache.get(file);
    if (!served) cache.set(file, (served = load(file)));
    const page = await served;
    if (!page) return false;
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
    reply.header('content-type', 'text/html; charset=utf-8').header('vary', 'Accept-Encoding');
    if (encoding) reply.header('content-encoding', encoding);
    await reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
    return true;
  };
}

/** GET /robots.txt and /sitemap.xml, from PUBLIC_URL and the build's pre-rendered public pages. */
export function registerCrawlerFiles(
  app: FastifyInstance,
  publicUrl: string,
  publicPaths: readonly string[],
): void {
  const sitemap = sitemapXml(publicUrl, publicPaths);
  const cached = 'public, max-age=3600';
  app.get('/robots.txt', async (_request, reply) =>
    reply.header('cache-control', cached).type('text/plain; charset=utf-8').send(robotsTxt(publicUrl)),
  );
  app.get('/sitemap.xml', async (_request, reply) =>
    reply.header('cache-control', cached).type('application/xml; charset=utf-8').send(sitemap),
  );
}

import { createLogger } from '@punkto/platform/observability/logger';
import { createMetrics } from '@punkto/platform/observability/metrics';
import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from './app';
import { GatewayEnv } from './config';
import { MaintenanceSwitch } from './maintenance';

// Issue 33: the public site as crawlers and link previews see it, through the whole gateway — robots.txt,
// sitemap.xml, HTTP 404 (with the app's shell) for a path the app has no page for, absolute Open Graph URLs.
const PUBLIC_URL = 'https://karty.example.pl';
const SHELL = '<!doctype html><html lang="pl"><title>Punkto</title><div id="root"></div></html>';
const POST = 'jak-punkto-pomaga-malym-firmom';

/** A build as web/vite.config.ts writes it: shell, pre-rendered pages and their manifest, the app's routes. */
function aBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'punkto-public-site-'));
  const page = (file: string, html: string) => {
    mkdirSync(join(dist, file, '..'), { recursive: true });
    writeFileSync(join(dist, file), html);
  };
  page('index.html', SHELL);
  page(
    'home.html',
    '<!doctype html><html lang="pl"><div id="root"><h1>Karty lojalnościowe</h1></div></html>',
  );
  page('pages/pomoc.html', '<!doctype html><div id="root"><h1>Pomoc</h1></div>');
  page('pages/stworz-konto-firma.html', '<!doctype html><div id="root"><h1>Rejestracja firmy</h1></div>');
  page('blog/index.html', '<!doctype html><div id="root"><h1>Blog</h1></div>');
  page(
    `blog/${POST}/index.html`,
    '<!doctype html><html lang="pl"><head>' +
      `<meta property="og:url" content="/blog/${POST}" />` +
      '<meta property="og:image" content="/assets/okladka-abc123.svg" />' +
      `</head><div id="root"><h1>Jak Punkto pomaga</h1>${'<p>Treść wpisu.</p>'.repeat(200)}</div></html>`,
  );
  page(
    'prerendered.json',
    JSON.stringify([
      { url: '/', file: 'home.html', query: 'any' },
      { url: '/pomoc', file: 'pages/pomoc.html', query: 'exact' },
      { url: '/stworz-konto?typ=firma', file: 'pages/stworz-konto-firma.html', query: 'exact' },
      { url: '/blog', file: 'blog/index.html', query: 'exact' },
      { url: `/blog/${POST}`, file: `blog/${POST}/index.html`, query: 'any' },
    ]),
  );
  page(
    'routes.json',
    JSON.stringify({
      routes: [
        '/',
        '/pomoc',
        '/zaloguj',
        '/stworz-konto/',
        '/blog/',
        '/blog/$slug',
        '/k/$code',
        '/panel/',
        '/panel/klienci/$clientId',
      ],
      prerenderedOnly: ['/blog/$slug'],
    }),
  );
  return dist;
}

describe('the public site through the gateway', () => {
  let gateway: FastifyInstance;
  const dist = aBuild();

  beforeAll(async () => {
    gateway = await buildGateway({
      config: GatewayEnv.parse({ WEB_DIST_DIR: dist, PUBLIC_URL: `${PUBLIC_URL}/` }),
      logger: createLogger('gateway', 'silent'),
      maintenance: new MaintenanceSwitch(false, undefined, 10_000),
      metrics: createMetrics('gateway', { processMetrics: false }),
    });
    await gateway.ready();
  });
  afterAll(async () => {
    await gateway.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('robots.txt lets crawlers read the public pages, not the panel, the portal or the API, and names the sitemap', async () => {
    const res = await gateway.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const area of ['/panel', '/klient', '/api']) expect(lines).toContain(`Disallow: ${area}`);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('sitemap.xml lists every public page and blog post once, with absolute URLs', async () => {
    const res = await gateway.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/pomoc`,
      `${PUBLIC_URL}/stworz-konto`,
      `${PUBLIC_URL}/blog`,
      `${PUBLIC_URL}/blog/${POST}`,
    ]);
  });

  it('answers 404 with the app shell for a path the app has no page for (with and without Accept: text/html)', async () => {
    for (const headers of [{ accept: 'text/html' }, {}]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await gateway.inject({ method, url: '/nie-ma', headers });
        expect(res.statusCode, `${method} ${JSON.stringify(headers)}`).toBe(404);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        if (method === 'GET') expect(res.body).toBe(SHELL);
      }
    }
    // a post that does not exist: the blog's posts are all pre-rendered
    expect(
      (await gateway.inject({ url: '/blog/nie-ma-takiego-wpisu', headers: { accept: 'text/html' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await gateway.inject({ url: '/panel/nie-ma/dalej', headers: { accept: 'text/html' } })).statusCode,
    ).toBe(404);
  });

  it("keeps 200 for the app's routes, with parameters and a trailing slash, and for pre-rendered pages", async () => {
    for (const url of [
      '/',
      '/pomoc',
      '/zaloguj/',
      '/stworz-konto',
      '/stworz-konto?typ=firma',
      '/blog',
      `/blog/${POST}`,
      '/k/MQZN8',
      '/panel',
      '/panel/klienci/abc-123',
    ]) {
      const res = await gateway.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    }
  });

  it('writes og:url and og:image of a pre-rendered page absolute under PUBLIC_URL, compressed as asked', async () => {
    const plain = await gateway.inject({ url: `/blog/${POST}`, headers: { accept: 'text/html' } });
    expect(plain.body).toContain(`<meta property="og:url" content="${PUBLIC_URL}/blog/${POST}" />`);
    expect(plain.body).toContain(
      `<meta property="og:image" content="${PUBLIC_URL}/assets/okladka-abc123.svg" />`,
    );
    expect(plain.body).not.toMatch(/property="og:(url|image)" content="\//);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers['content-security-policy']).toBeDefined();

    const brotli = await gateway.inject({
      url: `/blog/${POST}?utm_source=x`,
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
  });
});

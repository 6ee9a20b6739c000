import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpa, spaNotFoundHandler } from './spa';

/** A built SPA as web/vite.config.ts writes it: the shell, pages rendered at build time, their manifest. */
function aBuiltSpa(pages: Record<string, string>, manifest?: unknown): string {
  const dist = mkdtempSync(join(tmpdir(), 'punkto-spa-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Punkto</title><div id="root"></div>');
  for (const [file, body] of Object.entries(pages)) {
    mkdirSync(join(dist, file, '..'), { recursive: true });
    writeFileSync(join(dist, file), `<!doctype html><div id="root" data-prerendered>${body}</div>`);
  }
  if (manifest) writeFileSync(join(dist, 'prerendered.json'), JSON.stringify(manifest));
  return dist;
}

async function aGateway(dist: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setNotFoundHandler(spaNotFoundHandler(true, dist));
  await registerSpa(app, dist);
  await app.ready();
  return app;
}

const html = { accept: 'text/html' };

describe('a build that pre-rendered every public page (prerendered.json)', () => {
  let dist: string;
  let gateway: FastifyInstance;
  const get = async (url: string) => {
    const res = await gateway.inject({ url, headers: html });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['cache-control'], url).toBe('no-cache');
    return res.body;
  };

  beforeAll(async () => {
    dist = aBuiltSpa(
      {
        'home.html': '<h1>Karty lojalnościowe</h1>',
        'pages/zaloguj.html': '<h1>Logowanie</h1>',
        'pages/zaloguj-klient.html': '<h1>Logowanie klienta</h1>',
        'pages/regulamin.html': '<h1>Regulamin</h1>',
        'pages/stworz-konto-firma.html': '<h1>Rejestracja firmy</h1>',
        'blog/index.html': '<h1>Blog</h1>',
        'blog/jak-punkto-pomaga/index.html': '<h1>Jak Punkto pomaga</h1>',
      },
      [
        { url: '/', file: 'home.html', query: 'any' },
        { url: '/zaloguj', file: 'pages/zaloguj.html', query: 'exact' },
        { url: '/zaloguj?type=customer', file: 'pages/zaloguj-klient.html', query: 'exact' },
        { url: '/regulamin', file: 'pages/regulamin.html', query: 'any' },
        { url: '/stworz-konto?typ=firma', file: 'pages/stworz-konto-firma.html', query: 'exact' },
        { url: '/blog', file: 'blog/index.html', query: 'exact' },
        { url: '/blog/jak-punkto-pomaga', file: 'blog/jak-punkto-pomaga/index.html', query: 'any' },
      ],
    );
    gateway = await aGateway(dist);
  });
  afterAll(async () => {
    await gateway.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves each page its pre-rendered file, with or without a trailing slash', async () => {
    expect(await get('/')).toContain('<h1>Karty lojalnościowe</h1>');
    expect(await get('/zaloguj')).toContain('<h1>Logowanie</h1>');
    expect(await get('/zaloguj/')).toContain('<h1>Logowanie</h1>');
    expect(await get('/regulamin')).toContain('<h1>Regulamin</h1>');
    expect(await get('/blog')).toContain('<h1>Blog</h1>');
    expect(await get('/blog/jak-punkto-pomaga')).toContain('<h1>Jak Punkto pomaga</h1>');
  });

  it('serves the variant made for a query, and the shell for a query no page was made for', async () => {
    expect(await get('/zaloguj?type=customer')).toContain('<h1>Logowanie klienta</h1>');
    expect(await get('/stworz-konto?typ=firma')).toContain('<h1>Rejestracja firmy</h1>');
    // the content depends on the query: the app renders what it asks for
    expect(await get('/zaloguj?redirect=/panel')).toContain('<div id="root"></div>');
    expect(await get('/blog?szukaj=karta')).toContain('<div id="root"></div>');
    expect(await get('/stworz-konto')).toContain('<div id="root"></div>'); // no file for the plain page here
    // the content does not depend on it (a link with tracking parameters)
    expect(await get('/regulamin?utm_source=newsletter')).toContain('<h1>Regulamin</h1>');
    expect(await get('/blog/jak-punkto-pomaga?utm_source=x')).toContain('<h1>Jak Punkto pomaga</h1>');
    expect(await get('/?utm_source=x')).toContain('<h1>Karty lojalnościowe</h1>');
  });

  it('serves other routes the shell, and only the listed files (no directory lookup)', async () => {
    expect(await get('/pomoc')).toContain('<div id="root"></div>');
    expect(await get('/blog/nie-ma-takiego')).toContain('<div id="root"></div>');
    expect(await get('/pages/zaloguj')).toContain('<div id="root"></div>');
    expect(await get('/blog/..%2F..%2F..%2Fetc')).toContain('<div id="root"></div>');
  });

  it('serves the brotli copy to a browser that accepts it', async () => {
    writeFileSync(join(dist, 'pages', 'zaloguj.html.br'), 'not really brotli');
    const restarted = await aGateway(dist);
    try {
      const res = await restarted.inject({ url: '/zaloguj', headers: { ...html, 'accept-encoding': 'br' } });
      expect(res.headers['content-encoding']).toBe('br');
    } finally {
      await restarted.close();
    }
  });

  it('refuses a manifest that names a file outside dist or one the build did not write', () => {
    const outside = aBuiltSpa({}, [{ url: '/x', file: '../../etc/passwd', query: 'any' }]);
    const missing = aBuiltSpa({}, [{ url: '/x', file: 'pages/x.html', query: 'any' }]);
    try {
      expect(() => spaNotFoundHandler(true, outside)).toThrow(/no file/);
      expect(() => spaNotFoundHandler(true, missing)).toThrow(/no file/);
    } finally {
      rmSync(outside, { recursive: true, force: true });
      rmSync(missing, { recursive: true, force: true });
    }
  });
});

describe('a build from before the manifest', () => {
  it('still serves home.html for / and the blog pages by directory', async () => {
    const dist = aBuiltSpa({
      'home.html': '<h1>Karty lojalnościowe</h1>',
      'blog/jak-punkto-pomaga/index.html': '<h1>Jak Punkto pomaga</h1>',
    });
    const gateway = await aGateway(dist);
    try {
      const body = async (url: string) => (await gateway.inject({ url, headers: html })).body;
      expect(await body('/')).toContain('<h1>Karty lojalnościowe</h1>');
      expect(await body('/blog/jak-punkto-pomaga')).toContain('<h1>Jak Punkto pomaga</h1>');
      expect(await body('/zaloguj')).toContain('<div id="root"></div>');
    } finally {
      await gateway.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

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
        { url: '/zaloguj', file: 'pages/zaloguj.html', query: 'exact', sameFor: ['redirect'] },
        {
          url: '/zaloguj?type=customer',
          file: 'pages/zaloguj-klient.html',
          query: 'exact',
          sameFor: ['redirect'],
        },
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
    // a parameter the page does not depend on (where to go after logging in), in any order
    expect(await get('/zaloguj?redirect=%2Fpanel%2Fklienci')).toContain('<h1>Logowanie</h1>');
    expect(await get('/zaloguj?type=customer&redirect=%2Fklient')).toContain('<h1>Logowanie klienta</h1>');
    expect(await get('/zaloguj?redirect=%2Fklient&type=customer')).toContain('<h1>Logowanie klienta</h1>');
    // the content depends on the query: the app renders what it asks for
    expect(await get('/zaloguj?type=business')).toContain('<div id="root"></div>');
    expect(await get('/stworz-konto?typ=firma&redirect=%2Fpanel')).toContain('<div id="root"></div>');
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

describe('a signed-in area opened without a session (routes.json lists the areas, ADR 0063)', () => {
  let dist: string;
  let gateway: FastifyInstance;
  const open = (url: string, cookie?: string) =>
    gateway.inject({ url, headers: { ...html, ...(cookie ? { cookie } : {}) } });

  beforeAll(async () => {
    dist = aBuiltSpa({});
    const routes = {
      routes: [
        ...['/', '/zaloguj', '/regulamin', '/panel', '/panel/klienci/$clientId', '/subskrypcja/wybor'],
        ...['/klient', '/klient/karty', '/stworz-konto/firma'],
      ],
      prerenderedOnly: [],
      signedIn: {
        business: ['/panel', '/panel/klienci/$clientId', '/subskrypcja/wybor'],
        customer: ['/klient', '/klient/karty'],
        authenticated: ['/stworz-konto/firma'],
      },
    };
    writeFileSync(join(dist, 'routes.json'), JSON.stringify(routes));
    gateway = await aGateway(dist);
  });
  afterAll(async () => {
    await gateway.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the visitor to the login page at once, remembering the page and its query', async () => {
    const cases: Array<[string, string]> = [
      ['/panel', '/zaloguj?redirect=%2Fpanel'],
      ['/panel/', '/zaloguj?redirect=%2Fpanel%2F'],
      [
        '/panel/klienci/abc?zakladka=historia',
        '/zaloguj?redirect=%2Fpanel%2Fklienci%2Fabc%3Fzakladka%3Dhistoria',
      ],
      ['/subskrypcja/wybor', '/zaloguj?redirect=%2Fsubskrypcja%2Fwybor'],
      ['/stworz-konto/firma', '/zaloguj?redirect=%2Fstworz-konto%2Ffirma'],
      // the customer's portal: the customer's login page, never the business one
      ['/klient', '/zaloguj?type=customer&redirect=%2Fklient'],
      ['/klient/karty', '/zaloguj?type=customer&redirect=%2Fklient%2Fkarty'],
    ];
    for (const [url, location] of cases) {
      const res = await open(url, 'punkto_consent=necessary');
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(location);
      expect(res.headers.vary, url).toMatch(/cookie/i);
    }
  });

  it('serves the app to a browser that may hold a session, and leaves public pages and the API alone', async () => {
    for (const url of ['/panel', '/panel/klienci/abc', '/klient/karty', '/stworz-konto/firma']) {
      const res = await open(url, 'punkto_session=1; other=x');
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.headers.vary, url).toMatch(/cookie/i); // a shared cache must not hand it to the signed-out
    }
    expect((await open('/regulamin')).statusCode).toBe(200);
    expect((await open('/')).statusCode).toBe(200);
    expect((await open('/panelowy')).statusCode).toBe(404); // no such page: the app's not-found page, as before
    const api = await gateway.inject({ url: '/api/v1/users/me', headers: { accept: 'application/json' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: expect.any(String) });
  });
});

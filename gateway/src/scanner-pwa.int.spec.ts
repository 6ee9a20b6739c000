import { createLogger } from '@punkto/platform/observability/logger';
import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from './app';
import { GatewayEnv } from './config';
import { MaintenanceSwitch } from './maintenance';

// ADR 0049: the staff scanner's service worker, web app manifest and icons as the build writes them
// (web/scanner-pwa.ts), served by the whole gateway: right content types, the worker never kept by a cache
// without asking (a new deploy reaches every device at its next visit), and a CSP that lets the page register
// the worker and read the manifest.

const MANIFEST = {
  name: 'Punkto Skaner',
  short_name: 'Punkto Skaner',
  start_url: '/panel/skaner',
  scope: '/panel',
  display: 'standalone',
  icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
};

let dist: string;
let gateway: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'punkto-pwa-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'icons'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="pl"><link rel="manifest" href="/manifest.webmanifest"><div id="root"></div></html>',
  );
  writeFileSync(join(dist, 'sw.js'), '(function(){self.addEventListener("fetch",function(){})})();');
  writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify(MANIFEST));
  writeFileSync(join(dist, 'icons', 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  const config = GatewayEnv.parse({ WEB_DIST_DIR: dist, RATE_LIMIT_PER_MINUTE: '10000' });
  gateway = await buildGateway({
    config,
    logger: createLogger('gateway-test', 'silent'),
    maintenance: new MaintenanceSwitch(false),
  });
  await gateway.ready();
});
afterAll(async () => {
  await gateway.close();
  rmSync(dist, { recursive: true, force: true });
});

const directives = (csp: unknown) => String(csp).split(';');

describe('the scanner as an installable app, served by the gateway', () => {
  it('serves the service worker as JavaScript that every visit revalidates', async () => {
    const res = await gateway.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('addEventListener("fetch"');
  });

  it('serves the web app manifest as application/manifest+json, revalidated', async () => {
    const res = await gateway.inject({ url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ name: 'Punkto Skaner', start_url: '/panel/skaner' });
  });

  it('serves the icons as PNG', async () => {
    const res = await gateway.inject({ url: '/icons/icon-192.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('lets our pages register our worker and read our manifest, and nothing from elsewhere', async () => {
    for (const url of ['/panel/skaner', '/sw.js', '/manifest.webmanifest', '/api/v1/maintenance/status']) {
      const res = await gateway.inject({ url, headers: { accept: 'text/html' } });
      expect(directives(res.headers['content-security-policy']), url).toEqual(
        expect.arrayContaining(["worker-src 'self'", "manifest-src 'self'"]),
      );
    }
  });

  it('keeps hashed assets immutable and the shell of a panel page revalidated, as before', async () => {
    const asset = await gateway.inject({ url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await gateway.inject({ url: '/panel/skaner', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });
});

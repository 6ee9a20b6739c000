import { FileBlobStore } from '@punkto/platform/blobs/file-blob-store';
import { createLogger } from '@punkto/platform/observability/logger';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passBrandingImages } from './pass-branding-images';

// The company's images in its passes, fetched over real HTTP from the address the tenant service publishes
// them at (here a local server standing for the product's public address) and kept in a real blob store.
let server: Server;
let base: string;
let dir: string;
const requests: string[] = [];
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#aa3355' } })
    .png()
    .toBuffer();
const served = new Map<string, Buffer>();

beforeAll(async () => {
  for (const [name, w, h] of [
    ['logo-1x-aaaa.png', 160, 50],
    ['logo-2x-aaaa.png', 320, 100],
    ['logo-3x-aaaa.png', 480, 150],
    ['icon-1x-aaaa.png', 29, 29],
    ['icon-2x-aaaa.png', 58, 58],
    ['icon-3x-aaaa.png', 87, 87],
    ['strip-2x-bbbb.png', 750, 246],
  ] as const)
    served.set(`/api/v1/tenants/t1/images/${name}`, await png(w, h));
  served.set('/api/v1/tenants/t1/images/not-png.png', Buffer.from('<html>nope</html>'));
  server = createServer((req, res) => {
    requests.push(req.url!);
    const body = served.get(req.url!);
    if (!body) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'image/png' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests.length = 0;
  dir = mkdtempSync(join(tmpdir(), 'punkto-pass-images-'));
  return () => rmSync(dir, { recursive: true, force: true });
});

const logger = createLogger('notification', 'silent');
const image = (renditions: Record<string, string>) => ({
  url: Object.values(renditions)[0]!,
  renditions,
  contentHash: 'aaaa',
  uploadedAt: '2026-11-20T09:00:00.000Z',
});
const logo = (prefix = base) =>
  image({
    logo: `${prefix}/api/v1/tenants/t1/images/logo-1x-aaaa.png`,
    'logo@2x': `${prefix}/api/v1/tenants/t1/images/logo-2x-aaaa.png`,
    'logo@3x': `${prefix}/api/v1/tenants/t1/images/logo-3x-aaaa.png`,
    icon: `${prefix}/api/v1/tenants/t1/images/icon-1x-aaaa.png`,
    'icon@2x': `${prefix}/api/v1/tenants/t1/images/icon-2x-aaaa.png`,
    'icon@3x': `${prefix}/api/v1/tenants/t1/images/icon-3x-aaaa.png`,
    'google-logo': `${prefix}/api/v1/tenants/t1/images/google-logo-aaaa.png`,
  });
const colors = { background: '#1f6f5c', foreground: '#ffffff', label: '#d8f3ea' };

describe('the company’s images on its Apple passes', () => {
  it('puts the logo, icon and hero strip in Wallet’s file names, fetched once and then kept', async () => {
    const blobs = await FileBlobStore.open(dir);
    const images = passBrandingImages({ blobs, publicUrl: base, logger });
    const hero = image({ 'strip@2x': `${base}/api/v1/tenants/t1/images/strip-2x-bbbb.png` });
    const first = await images.of('t1', { logo: logo(), heroImage: hero }, null);
    expect(first.complete).toBe(true);
    expect(Object.keys(first.files).sort()).toEqual([
      'icon.png',
      'icon@2x.png',
      'icon@3x.png',
      'logo.png',
      'logo@2x.png',
      'logo@3x.png',
      'strip@2x.png',
    ]);
    expect(await sharp(first.files['logo@3x.png']!).metadata()).toMatchObject({ width: 480, height: 150 });
    expect(requests).toHaveLength(7);

    // another process on the same store (a restart): nothing fetched again
    const again = passBrandingImages({ blobs: await FileBlobStore.open(dir), publicUrl: base, logger });
    const second = await again.of('t1', { logo: logo(), heroImage: hero }, null);
    expect(second.files['icon@2x.png']!.equals(first.files['icon@2x.png']!)).toBe(true);
    expect(requests).toHaveLength(7);
  });

  it('a stamp card’s strip shows its stamps instead of the hero image', async () => {
    const images = passBrandingImages({ blobs: await FileBlobStore.open(dir), publicUrl: base, logger });
    const hero = image({ 'strip@2x': `${base}/api/v1/tenants/t1/images/strip-2x-bbbb.png` });
    const three = await images.of('t1', { logo: null, heroImage: hero }, { stamps: 3, required: 10, colors });
    const seven = await images.of('t1', { logo: null, heroImage: hero }, { stamps: 7, required: 10, colors });
    expect(await sharp(three.files['strip.png']!).metadata()).toMatchObject({ width: 375, height: 123 });
    expect(three.files['strip@2x.png']!.equals(seven.files['strip@2x.png']!)).toBe(false);
    expect(requests).toEqual([]); // the hero image is not fetched for a stamp card
  });

  it('never fetches from anywhere but the product’s address, nor another company’s images', async () => {
    const images = passBrandingImages({ blobs: await FileBlobStore.open(dir), publicUrl: base, logger });
    const foreign = await images.of('t1', { logo: logo('http://169.254.169.254'), heroImage: null }, null);
    expect(foreign).toEqual({ files: {}, complete: true });
    const otherTenant = await images.of('t2', { logo: logo(), heroImage: null }, null);
    expect(otherTenant).toEqual({ files: {}, complete: true });
    expect(requests).toEqual([]);
  });

  it('an image that cannot be had (404, not a PNG) leaves the pass incomplete, to be tried again', async () => {
    const images = passBrandingImages({ blobs: await FileBlobStore.open(dir), publicUrl: base, logger });
    const broken = image({
      logo: `${base}/api/v1/tenants/t1/images/missing-aaaa.png`,
      icon: `${base}/api/v1/tenants/t1/images/not-png.png`,
    });
    const result = await images.of('t1', { logo: broken, heroImage: null }, null);
    expect(result).toEqual({ files: {}, complete: false });
    await images.of('t1', { logo: broken, heroImage: null }, null);
    expect(requests).toHaveLength(4); // nothing wrong was kept
  });
});

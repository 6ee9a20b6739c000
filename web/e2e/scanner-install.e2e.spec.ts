import { describe, expect, it } from 'vitest';
import { logIn, ownerWithProgram } from '../../scripts/testing/actors';
import { PHONE, useBrowser } from '../../scripts/testing/browser';

// The staff scanner as an installable app (ADR 0049): the panel links the web app manifest, which names the
// scanner, starts on it and brings its icons; Chromium's own installability check finds nothing missing. Its page
// reloaded without a connection: scanner-offline.e2e.spec.ts.

const { newPage } = useBrowser();

describe('the scanner as an app', () => {
  it('is an installable app: the panel links its manifest, whose icons load, and Chromium finds nothing missing', async () => {
    const owner = await ownerWithProgram({});
    const page = await newPage({ viewport: PHONE });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname.startsWith('/panel'));
    await page.goto('/panel/skaner');
    await page.getByRole('heading', { name: 'Skaner kart', level: 1 }).waitFor();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const res = await page.request.get(href!);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as { icons: { src: string; sizes: string }[] };
    expect(manifest).toMatchObject({
      name: 'Punkto Skaner',
      short_name: 'Punkto Skaner',
      start_url: '/panel/skaner',
      display: 'standalone',
    });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
    }
    // Chromium's own verdict; a test browser's profile is a private one, which is never offered an install
    const cdp = await page.context().newCDPSession(page);
    const missing = async () =>
      (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors
        .map((error) => error.errorId)
        .filter((id) => id !== 'in-incognito');
    await expect.poll(missing, { timeout: 30_000 }).toEqual([]);
    // the public pages offer no app
    await page.goto('/');
    expect(await page.locator('link[rel="manifest"]').count()).toBe(0);
  });
});

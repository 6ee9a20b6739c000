import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openScanner, ownerWithProgram } from '../../scripts/testing/actors';
import { PHONE, slowPhone, useBrowser } from '../../scripts/testing/browser';

// The staff scanner as an installable app (ADR 0049): the panel links the web app manifest, which names the
// scanner, starts on it and brings its icons; Chromium's own installability check finds nothing missing; opened
// again from the home screen its code comes from the service worker, timed as is and on a slow phone (issue 30). Its
// page reloaded without a connection: scanner-offline.e2e.spec.ts.

const { newPage } = useBrowser();

describe('the scanner as an app', () => {
  it('is an installable app: the panel links its manifest, whose icons load, and Chromium finds nothing missing', async () => {
    const page = await openScannerAsNewOwner();
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

  it('opens again from the home screen with its code from the service worker (warm start), timed as is and on a slow phone', async () => {
    const installed = await openScannerAsNewOwner();
    await expect
      .poll(() => installed.evaluate('!!navigator.serviceWorker.controller'), { timeout: 30_000 })
      .toBe(true);
    const fast = await warmStarts(installed, false);
    const slow = await warmStarts(installed, true);
    console.info(
      `scanner warm start, sorted ms — as is: ${fast.join(', ')}; 4× CPU + slow 4G: ${slow.join(', ')}`,
    );
    // four of five, so one launch slowed by other work on a shared machine does not fail it
    expect(fast[3]).toBeLessThan(1000);
    // issue 30 asks for under a second on a phone too: not shown yet (a median of 0.95–1.0 s at best on a quiet
    // machine, docs/BENCHMARKS.md); this bound only catches a warm start that got slower again
    // (2.0–2.7 s before the panel's first data was asked at the start)
    expect(slow[3]).toBeLessThan(3000);
  });
});

/** A new owner with a program, signed in on a phone, on the scanner's page. */
async function openScannerAsNewOwner(): Promise<Page> {
  const owner = await ownerWithProgram({});
  const page = await newPage({ viewport: PHONE });
  await openScanner(page, owner.email);
  return page;
}

/**
 * Five launches of the installed scanner, each a new window of the same browser (the installed app's), optionally on
 * a 4× slower CPU and slow 4G: the time from the launch (the navigation's start) to the first frame that shows the
 * scanner, measured in the page; sorted.
 */
async function warmStarts(installed: Page, onSlowPhone: boolean): Promise<number[]> {
  const launches: number[] = [];
  for (let launch = 0; launch < 5; launch++) {
    const page = await installed.context().newPage();
    if (onSlowPhone) await slowPhone(page);
    await page.addInitScript(`
      window.__scannerShown = new Promise((resolve) => {
        const check = () => {
          if (document.querySelector('h1')?.textContent === 'Skaner kart') resolve(performance.now());
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
    `);
    const answer = await page.goto('/panel/skaner');
    expect(answer?.fromServiceWorker()).toBe(true);
    launches.push(Math.round((await page.evaluate('window.__scannerShown')) as number));
    // under the worker the lazy chunks' dependencies get no <link rel="modulepreload"> of their own (web/preload-when-
    // cold.ts): the page has only the shell's links, though the scanner's route chunks have loaded
    const shellLinks = ((await answer!.text()).match(/rel="modulepreload"/g) ?? []).length;
    expect(await page.locator('link[rel="modulepreload"]').count()).toBe(shellLinks);
    // the first calls were asked for by boot.js before the app had loaded, and the app took those answers: each
    // went out once (ADR 0064)
    const calls = (await page.evaluate(
      `performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((p) => p.startsWith('/api/'))`,
    )) as string[];
    const firstCalls = calls.filter((path) =>
      /^\/api\/v1\/(users\/me|tenants\/[^/]+(\/tenant-(subscription|configured))?)$/.test(path),
    );
    expect(firstCalls.sort()).toEqual([...new Set(firstCalls)].sort());
    expect(firstCalls).toHaveLength(4);
    // the app's code came straight from the precache and the API straight from the network, past the worker's
    // fetch event (its static routes, where Chromium has them)
    const sources = (await page.evaluate(
      `performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname, e.workerFinalSourceType])`,
    )) as [string, string][];
    const sourceOf = (test: RegExp) => [...new Set(sources.filter(([p]) => test.test(p)).map(([, s]) => s))];
    expect(sourceOf(/^\/assets\/.+\.js$/)).toEqual(['cache']);
    expect(sourceOf(/^\/api\//)).toEqual(['network']);
    expect(await page.evaluate('window.__punktoBoot && window.__punktoBoot.size')).toBe(0); // asked, all taken
    await page.close();
  }
  return launches.sort((a, b) => a - b);
}

import { launchBrowser } from '../../scripts/testing/browser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

// browser smoke: the SPA served by the gateway of `npm start`, in Debian's Chromium
const baseUrl = inject('baseUrl');

describe('the public site in a browser', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let page: Page;
  const consoleErrors: string[] = [];
  const failedRequests: string[] = [];
  // An anonymous visitor's automatic profile check (SPEC §4) is answered 401 by /users/me and, after the
  // shared refresh attempt, by /users/refresh: expected, not an error of the page.
  const anonymousSessionCheck = (url: string) =>
    /\/api\/v1\/users\/(me|refresh)$/.test(new URL(url, baseUrl).pathname);

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    page = await browser.newPage({ locale: 'pl-PL' });
    page.on(
      'console',
      (m) => m.type() === 'error' && !anonymousSessionCheck(m.location().url) && consoleErrors.push(m.text()),
    );
    page.on('requestfailed', (r) => failedRequests.push(r.url()));
    page.on('response', (r) => {
      if (r.status() === 401 && anonymousSessionCheck(r.url())) return;
      if (r.status() >= 400) consoleErrors.push(`${r.status()} ${r.url()}`);
    });
  });
  afterAll(async () => close?.());

  it('loads the landing page through the gateway', async () => {
    await page.goto(baseUrl);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.title()).toContain('Punkto');
    expect(await page.getByRole('link', { name: 'Zaloguj się' }).first().isVisible()).toBe(true);
  });

  it('opens /zaloguj as a deep link', async () => {
    await page.goto(`${baseUrl}/zaloguj`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
      .toMatch(/Logowanie|Zaloguj/);
  });

  it('shows the Polish not-found page for unknown paths', async () => {
    await page.goto(`${baseUrl}/to-nie-istnieje`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
      .toContain('Nie znaleziono');
  });

  it('loads nothing from outside the product', () => {
    expect(failedRequests.filter((u) => !u.startsWith(baseUrl))).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

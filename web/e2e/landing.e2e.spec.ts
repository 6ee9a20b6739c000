import { useBrowser } from '../../scripts/testing/browser';
import { collectPageProblems, type PageProblems } from '../../scripts/testing/page-problems';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';

// browser smoke: the SPA served by the gateway of `npm start`, in Debian's Chromium
const baseUrl = inject('baseUrl');

describe('the public site in a browser', () => {
  // one page from test to test, a first-time visitor's
  const browser = useBrowser({ keepPagesBetweenTests: true });
  let page: Page;
  let problems: PageProblems;

  beforeAll(async () => {
    page = await browser.newPage({ consented: false });
    problems = collectPageProblems(page);
  });

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
    expect(problems.failedRequests.filter((u) => !u.startsWith(baseUrl))).toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});

import { activeAccount, logIn, uniqueEmail } from '../../scripts/testing/actors';
import { appHasStarted, maintenanceStatusAnswer } from '../../scripts/testing/app-start';
import { PHONE, useBrowser } from '../../scripts/testing/browser';
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

  it('serves the landing page as HTML rendered at build time, with the content before any script runs', async () => {
    const res = await fetch(baseUrl, { headers: { accept: 'text/html' } });
    const html = await res.text();
    expect(html).toMatch(/<div id="root" data-prerendered[ >]/);
    expect(html).toMatch(/<h1[^>]*>Karty lojalnościowe w telefonie Twoich klientów/);
    expect(html).toContain('Cennik');
    // the app's code is fetched after the first paint, by a small script, not by the page itself; the page
    // preloads only what that script runs at the first paint (start-when-needed and its chunk), at low priority
    const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads).toHaveLength(2);
    expect(
      preloads.filter((link) => /href="\/assets\/start-when-needed-[\w-]{8}\.js"/.test(link)),
    ).toHaveLength(1);
    for (const link of preloads) expect(link).toMatch(/href="\/assets\/start-(when-needed-)?[\w-]{8}\.js"/);
    for (const link of preloads) expect(link).toContain('fetchpriority="low"');
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/start-after-paint-[\w-]+\.js">/);
    // the cookie consent dialog comes with the page, for the page to show before the app has started
    expect(html).toMatch(/<template id="cookie-consent-template"><div[^>]* role="dialog"/);
    // the router's inline scripts would be refused by the CSP (script-src 'self')
    expect(html).not.toMatch(/<script>/);
  });

  it('adopts the pre-rendered markup (hydration) instead of building the page again, then works as the app', async () => {
    const visitor = await browser.newPage({ consented: false, viewport: PHONE });
    const visitorProblems = collectPageProblems(visitor);
    const logs: string[] = [];
    visitor.on('console', (m) => logs.push(m.text()));
    const identityCalls: string[] = [];
    visitor.on('request', (r) => r.url().includes('/api/v1/users') && identityCalls.push(r.url()));
    // the h1 and the pricing heading as parsed from the HTML, before any script of the app ran
    await visitor.addInitScript({
      content:
        "document.addEventListener('DOMContentLoaded', () => { window.firstH1 = document.querySelector('h1'); window.firstPricing = document.getElementById('cennik-title'); });" +
        "window.cspViolations = []; document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(e.violatedDirective));",
    });
    await visitor.goto(baseUrl);
    // the page shows the cookie consent dialog by itself (1 s after load, SPEC §2): the app has not started, as
    // nobody has used the page yet (no React root on #root)
    await visitor.getByRole('button', { name: 'Akceptuję wszystkie' }).waitFor();
    expect(await appHasStarted(visitor)).toBe(false);
    // the first press starts it, and the click is passed on: the burger opens the drawer with the links
    await visitor.getByRole('button', { name: 'Otwórz menu' }).click();
    await visitor.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Blog' }).waitFor();
    expect(await appHasStarted(visitor)).toBe(true);
    await visitor.keyboard.press('Escape');
    await visitor.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'hidden' });
    const sameNode =
      'window.firstH1 !== null && window.firstH1 === document.querySelector("h1") && document.contains(window.firstH1)';
    expect(await visitor.evaluate(sameNode)).toBe(true);
    expect(logs.filter((l) => l.includes('wyrenderowana ponownie'))).toEqual([]); // no hydration mismatch
    // the static sections are left as the build wrote them, down to the last one
    const samePricing =
      'window.firstPricing !== null && window.firstPricing === document.getElementById("cennik-title")';
    expect(await visitor.evaluate(samePricing)).toBe(true);
    // a first-time visitor has no session: the app asks the identity service nothing
    expect(identityCalls).toEqual([]);
    // nothing the page runs is refused by the CSP (zod's eval probe was, before it ran jitless)
    expect(await visitor.evaluate('window.cspViolations')).toEqual([]);
    // the dialog the page showed stays the only one once the app runs (the app does not prompt a second time)
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await visitor.getByRole('dialog', { name: 'Pliki cookies' }).count()).toBe(1);
    await visitor.getByRole('button', { name: 'Akceptuję wszystkie' }).click();
    await visitor.getByRole('dialog', { name: 'Pliki cookies' }).waitFor({ state: 'detached' });
    // a link inside the adopted sections is an app navigation: no page load (the marker survives)
    await visitor.evaluate('window.sameDocument = true');
    await visitor.getByRole('link', { name: 'Jestem klientem' }).click();
    await visitor.getByRole('heading', { level: 1, name: 'Logowanie klienta' }).waitFor();
    expect(new URL(visitor.url()).pathname + new URL(visitor.url()).search).toBe('/zaloguj?type=customer');
    expect(await visitor.evaluate('window.sameDocument === true')).toBe(true);
    // back on / inside the app, the sections are rendered by the app itself (nothing to adopt now)
    await visitor.goBack();
    await visitor.getByRole('heading', { level: 2, name: 'Cennik' }).waitFor();
    expect(await visitor.getByRole('link', { name: 'Jestem klientem' }).isVisible()).toBe(true);
    expect(await visitor.evaluate('window.sameDocument === true')).toBe(true);
    expect(visitorProblems.errors).toEqual([]);
  });

  it('passes a link clicked before the app has started on to the app: no page load', async () => {
    const reader = await browser.newPage({ viewport: PHONE });
    const readerProblems = collectPageProblems(reader);
    // the page's own script is in place once it has asked for the maintenance status
    await Promise.all([maintenanceStatusAnswer(reader), reader.goto(baseUrl)]);
    await reader.evaluate('window.sameDocument = true');
    expect(await appHasStarted(reader)).toBe(false);
    // the first thing this visitor does: the click starts the app, which then opens the link itself
    await reader.getByRole('link', { name: 'Jestem klientem' }).click();
    await reader.getByRole('heading', { level: 1, name: 'Logowanie klienta' }).waitFor();
    expect(new URL(reader.url()).pathname).toBe('/zaloguj');
    expect(await reader.evaluate('window.sameDocument === true')).toBe(true);
    expect(readerProblems.errors).toEqual([]);
  });

  it('shows a signed-in visitor the same landing page with their account menu', async () => {
    const email = uniqueEmail('klient.landing');
    await activeAccount('customer', email, 'Ola Landing');
    const customer = await browser.newPage();
    const customerProblems = collectPageProblems(customer);
    await logIn(customer, `${baseUrl}/zaloguj?type=customer`, email);
    await customer.waitForURL(/\/klient/);
    await customer.goto(baseUrl);
    // a visitor who may be signed in gets the app at once, without touching the page; the header differs from
    // the first-visit markup, so React renders the page anew: the sections too
    await customer
      .getByRole('button', { name: /Ola Landing/ })
      .first()
      .waitFor();
    await customer.getByRole('heading', { level: 2, name: 'Cennik' }).waitFor();
    expect(await customer.getByRole('heading', { level: 1 }).first().textContent()).toBe(
      'Karty lojalnościowe w telefonie Twoich klientów',
    );
    expect(customerProblems.errors).toEqual([]);
  });

  it('opens /zaloguj as a deep link', async () => {
    await page.goto(`${baseUrl}/zaloguj`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
      .toMatch(/Logowanie|Zaloguj/);
  });

  it('shows the Polish not-found page for unknown paths, answered with HTTP 404 (issue 33)', async () => {
    // a page of its own: the 404 is what this test expects, not a problem of the pages visited above
    const other = await browser.newPage();
    const response = await other.goto(`${baseUrl}/to-nie-istnieje`);
    expect(response?.status()).toBe(404);
    await expect
      .poll(() => other.getByRole('heading', { level: 1 }).first().textContent())
      .toContain('Nie znaleziono');
  });

  it('loads nothing from outside the product', () => {
    expect(problems.failedRequests.filter((u) => !u.startsWith(baseUrl))).toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});

import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium';
import { storeCookieConsent } from './cookie-consent';

/**
 * The repo's Chromium (chromium.ts) driven by playwright-core. `launch()` gives every run a fresh temporary
 * profile.
 */
export async function launchBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_FLAGS] });
  return { browser, close: () => browser.close() };
}

export const DESKTOP = { width: 1280, height: 900 };

/**
 * Slows a page down like a mid-range phone on a slow 4G network, as Lighthouse's mobile profile does (Chromium's
 * DevTools protocol): the CPU 4× slower, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up.
 */
export async function slowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

export const PHONE = { width: 390, height: 844 };

export interface PageOptions {
  /** default DESKTOP */
  viewport?: { width: number; height: number };
  /** a returning visitor with a stored cookie choice, so the consent dialog stays away (default true) */
  consented?: boolean;
  /** axe-core is injected as an inline script, which the product's CSP (script-src 'self') forbids */
  bypassCSP?: boolean;
  /** copies a signed-in session (cookies, storage) from another page's context */
  from?: BrowserContext;
  /** the device as the product sees it (e.g. an iPhone's Safari), default Chromium's own */
  userAgent?: string;
  /** 'block': no service worker registers (a first visit's own requests only; default 'allow') */
  serviceWorkers?: 'allow' | 'block';
}

/**
 * The browser of one e2e file against the product of the global setup: launched before the file's own
 * `beforeAll` hooks (call this first), closed after them. Every `newPage` is a fresh profile (own cookies and
 * storage, Polish locale, the product as base URL), closed after each test — or, with `keepPagesBetweenTests`,
 * at the end of the file, for files whose tests go on with a page an earlier test or hook signed in.
 */
export function useBrowser(options: { keepPagesBetweenTests?: boolean; baseUrl?: string } = {}) {
  const baseUrl = options.baseUrl ?? inject('baseUrl');
  let launched: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  const contexts: BrowserContext[] = [];
  const closePages = async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  };

  beforeAll(async () => {
    launched = await launchBrowser();
  });
  if (!options.keepPagesBetweenTests) afterEach(closePages);
  afterAll(async () => {
    await closePages();
    await launched?.close();
  });

  return {
    baseUrl,
    async newPage(page: PageOptions = {}): Promise<Page> {
      if (!launched) throw new Error('useBrowser: the browser starts in beforeAll');
      const context = await launched.browser.newContext({
        locale: 'pl-PL',
        viewport: page.viewport ?? DESKTOP,
        baseURL: baseUrl,
        bypassCSP: page.bypassCSP ?? false,
        ...(page.from && { storageState: await page.from.storageState() }),
        ...(page.userAgent && { userAgent: page.userAgent }),
        ...(page.serviceWorkers && { serviceWorkers: page.serviceWorkers }),
      });
      contexts.push(context);
      if (page.consented ?? true) await storeCookieConsent(context, baseUrl);
      return context.newPage();
    },
  };
}

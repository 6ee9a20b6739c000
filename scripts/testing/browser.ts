import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium driven by playwright-core (`npx playwright install` cannot work here). `launch()` gives
 * every run a fresh temporary profile; the flags keep Chromium from reaching for the internet, which this
 * machine refuses.
 */
export async function launchBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  return { browser, close: () => browser.close() };
}

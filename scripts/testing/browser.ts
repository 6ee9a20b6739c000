import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium driven by playwright-core (`npx playwright install` cannot work here). The flags keep
 * it from reaching for the internet, which this machine refuses.
 */
export async function launchBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'punkto-chromium-'));
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
      `--user-data-dir=${userDataDir}`,
    ],
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

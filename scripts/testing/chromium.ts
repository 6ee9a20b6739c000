/**
 * The Chromium every browser run of this repo drives: Debian's (`npx playwright install` cannot work here;
 * CHROMIUM_PATH overrides it), headless, with flags that keep it from reaching for the internet, which this
 * machine refuses. Used by the e2e browser (browser.ts) and by Lighthouse (scripts/lighthouse.mjs).
 */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

// `node scripts/first-tap.mjs URL [URL…] [--runs 5]`: what a first-time visitor's phone does on the landing page,
// for one or more running products (e.g. two builds served through WEB_DIST_DIR), measured in turn run by run.
//
// Each run is a fresh profile in Debian's Chromium with a 390×844 window and the CPU slowed 4× (Lighthouse's
// mobile factor). It loads /, waits 3 s, and reports
//   - blocking: the main thread's long tasks until then, the time of each above 50 ms (as Total Blocking Time
//     counts it, here without Lighthouse's simulation);
//   - first tap: the time from tapping the menu button to the menu's links being visible (Playwright's own
//     overhead, the same for every build, included).
// Prints the median and the range per URL. A script, not a test: the numbers depend on the machine.
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumPath } from './testing/chromium.ts';

const { values, positionals: urls } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '5' } },
});
const runs = Math.max(1, Number(values.runs) || 1);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_FLAGS] });
const results = new Map(urls.map((url) => [url, { blocking: [], tap: [] }]));
try {
  for (let run = 0; run < runs; run += 1) {
    for (const url of urls) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
      const page = await context.newPage();
      await page.addInitScript({
        content:
          'window.__longTasks = []; new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__longTasks.push(e.duration))).observe({ type: "longtask", buffered: true });',
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(url);
      await page.waitForTimeout(3000);
      const longTasks = /** @type {number[]} */ (await page.evaluate('window.__longTasks'));
      const blocking = longTasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0);
      const started = performance.now();
      await page.getByRole('button', { name: 'Otwórz menu' }).tap();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Blog' }).waitFor();
      const tap = performance.now() - started;
      results.get(url).blocking.push(blocking);
      results.get(url).tap.push(tap);
      console.log(
        `${url} run ${run + 1}: blocking ${Math.round(blocking)} ms, first tap ${Math.round(tap)} ms`,
      );
      await context.close();
    }
  }
} finally {
  await browser.close();
}
console.log(
  '\n| product | blocking before the tap, median (range) | first tap → menu, median (range) |\n|---|---:|---:|',
);
for (const [url, { blocking, tap }] of results) {
  const fmt = (xs) =>
    `${Math.round(median(xs))} ms (${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))})`;
  console.log(`| ${url} | ${fmt(blocking)} | ${fmt(tap)} |`);
}

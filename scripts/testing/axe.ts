import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

type AxeViolation = { id: string; impact: string | null; nodes: Array<{ target: unknown; html: string }> };

/**
 * The serious and critical axe-core findings of the whole page (header included), one line each with the
 * elements concerned. axe is injected as an inline script: open the page with `bypassCSP`.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axeScript });
  // a string: the test files are type-checked without the DOM library
  const all = (await page.evaluate('axe.run().then((r) => r.violations)')) as AxeViolation[];
  return all
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.html.slice(0, 160)}`).join(', ')}`,
    );
}

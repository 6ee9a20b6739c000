import type { Page } from 'playwright-core';

// The measuring runs in the page; this file is compiled without the DOM's types, so the little of the DOM it
// touches is declared loosely here (module scope: nothing leaks to other files).
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare const window: any;
declare function getComputedStyle(element: any): any;

function measure(): string[] {
  const out: string[] = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > window.innerWidth + 1)
    out.push(`the page scrolls sideways (${doc.scrollWidth} px wide in ${window.innerWidth} px)`);
  const name = (el: any): string =>
    String(el.getAttribute('aria-label') || el.innerText || el.tagName)
      .trim()
      .slice(0, 40);
  const visible = (el: any): boolean => {
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
  };
  const controls: any[] = [
    ...document.querySelectorAll('button, a[href], [role="tab"], input, select, textarea'),
  ].filter(visible);
  // a label is cut when its text needs more room than the control gives it
  for (const el of controls) {
    const box = el.querySelector('.mantine-Button-label, .mantine-Tabs-tabLabel') ?? el;
    if (box.scrollWidth > box.clientWidth + 1 && getComputedStyle(box).overflow !== 'visible')
      out.push(`a cut label: "${name(el)}" (${box.scrollWidth} px of text in ${box.clientWidth} px)`);
  }
  // fixed or sticky things over controls (not the header they belong to)
  const overlays = [...document.querySelectorAll('body *')].filter((el: any) => {
    const position = getComputedStyle(el).position;
    return (position === 'fixed' || position === 'sticky') && visible(el) && !el.closest('header');
  });
  for (const overlay of overlays) {
    const o = overlay.getBoundingClientRect();
    for (const el of controls) {
      if (overlay.contains(el) || el.contains(overlay)) continue;
      const c = el.getBoundingClientRect();
      const inView = c.bottom > 0 && c.top < window.innerHeight;
      const overlaps = c.left < o.right && c.right > o.left && c.top < o.bottom && c.bottom > o.top;
      if (inView && overlaps) out.push(`"${name(overlay)}" lies over "${name(el)}"`);
    }
  }
  return out;
}

/**
 * What a person on a small screen would hit, read from the page's element boxes: the page scrolling sideways,
 * a control whose label is cut (its text wider than its box), a fixed or sticky element lying over a control.
 * Checked at the top of the page and again scrolled to the end. Empty when the layout is usable.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const where of ['top', 'end'] as const) {
    await page.evaluate(
      where === 'top' ? 'window.scrollTo(0, 0)' : 'window.scrollTo(0, document.documentElement.scrollHeight)',
    );
    await page.waitForTimeout(100);
    const found = await page.evaluate(measure);
    problems.push(...found.map((p) => `${where}: ${p}`));
  }
  return [...new Set(problems)];
}

import type { Page } from 'playwright-core';

// The measuring runs in the page; this file is compiled without the DOM's types, so the little of the DOM it
// touches is declared loosely here (module scope: nothing leaks to other files).
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any;
declare const window: any;
declare function getComputedStyle(element: any): any;

function measure(bannerOnly: boolean): string[] {
  // runs in the page (serialised by page.evaluate): everything it uses is declared inside
  const COOKIE_BANNER = '[data-testid="cookie-consent"]';
  /**
   * The cookie banner, when shown: it takes at most a quarter of the window, and neither an open dialog nor a
   * primary control (a submit button, a filled button, anything in a dialog) in view lies under it. "Under" is
   * read from the element boxes and then from what the browser hit-tests at the middle of each overlap (a dialog
   * stacked above the banner is not covered by it).
   */
  function coveredByCookieBanner(controls: any[], name: (el: any) => string): string[] {
    const banner = document.querySelector(COOKIE_BANNER);
    if (!banner) return [];
    const out: string[] = [];
    const b = banner.getBoundingClientRect();
    if (banner.scrollWidth > banner.clientWidth + 1)
      out.push(`the cookie banner's content is cut (${banner.scrollWidth} px in ${banner.clientWidth} px)`);
    if (b.height > window.innerHeight / 4)
      out.push(
        `the cookie banner takes ${Math.round((100 * b.height) / window.innerHeight)} % of the window`,
      );
    const dialogs = [
      ...document.querySelectorAll('[role="dialog"], [role="alertdialog"], [aria-modal="true"]'),
    ]
      .filter((el: any) => !el.closest(COOKIE_BANNER))
      .filter((el: any) => el.getBoundingClientRect().height > 0);
    const primary = controls.filter(
      (el: any) =>
        !el.closest(COOKIE_BANNER) &&
        (el.matches('button[type="submit"], [data-variant="filled"]') ||
          dialogs.some((dialog: any) => dialog.contains(el))),
    );
    for (const [what, el] of [
      ...dialogs.map((d: any) => ['the dialog', d] as const),
      ...primary.map((c: any) => ['', c] as const),
    ]) {
      const r = el.getBoundingClientRect();
      const left = Math.max(r.left, b.left);
      const right = Math.min(r.right, b.right);
      const top = Math.max(r.top, b.top, 0);
      const bottom = Math.min(r.bottom, b.bottom, window.innerHeight);
      if (left >= right || top >= bottom) continue;
      const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      if (hit && banner.contains(hit))
        out.push(`the cookie banner covers ${what ? `${what} ` : ''}"${name(el)}"`);
    }
    return out;
  }

  const out: string[] = [];
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
  if (bannerOnly) return coveredByCookieBanner(controls, name);

  const doc = document.documentElement;
  if (doc.scrollWidth > window.innerWidth + 1)
    out.push(`the page scrolls sideways (${doc.scrollWidth} px wide in ${window.innerWidth} px)`);
  // a label is cut when its text needs more room than the control gives it
  for (const el of controls) {
    const box = el.querySelector('.mantine-Button-label, .mantine-Tabs-tabLabel') ?? el;
    if (box.scrollWidth > box.clientWidth + 1 && getComputedStyle(box).overflow !== 'visible')
      out.push(`a cut label: "${name(el)}" (${box.scrollWidth} px of text in ${box.clientWidth} px)`);
  }
  // fixed or sticky things over controls (not the header they belong to; the cookie banner is judged below)
  const overlays = [...document.querySelectorAll('body *')].filter((el: any) => {
    const position = getComputedStyle(el).position;
    return (
      (position === 'fixed' || position === 'sticky') &&
      visible(el) &&
      !el.closest('header') &&
      !el.closest(COOKIE_BANNER)
    );
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
 * The cookie banner (when shown) where the page is now, e.g. as it appeared: at most a quarter of the window,
 * over no open dialog and no primary control (a submit button, a filled button, anything in a dialog).
 */
export async function cookieBannerProblems(page: Page): Promise<string[]> {
  return page.evaluate(measure, true);
}

/**
 * What a person on a small screen would hit, read from the page's element boxes: the page scrolling sideways,
 * a control whose label is cut (its text wider than its box), a fixed or sticky element lying over a control,
 * and, at the end, the cookie banner (when shown) taller than a quarter of the window or lying over a dialog or a
 * primary control.
 * Checked at the top of the page and again scrolled to the end. Empty when the layout is usable.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const where of ['top', 'end'] as const) {
    await page.evaluate(
      where === 'top' ? 'window.scrollTo(0, 0)' : 'window.scrollTo(0, document.documentElement.scrollHeight)',
    );
    await page.waitForTimeout(100);
    const found = await page.evaluate(measure, false);
    // the cookie banner at the end of the page: the page's padding has made room for it
    if (where === 'end') found.push(...(await page.evaluate(measure, true)));
    problems.push(...found.map((p) => `${where}: ${p}`));
  }
  return [...new Set(problems)];
}

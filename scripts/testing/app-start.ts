import type { Page, Response } from 'playwright-core';

/** React has a root on #root: the app has started (on the landing page, only once the visitor uses the page). */
export function appHasStarted(page: Page): Promise<boolean> {
  return page.evaluate(
    "Object.keys(document.getElementById('root')).some((key) => key.startsWith('__reactContainer'))",
  ) as Promise<boolean>;
}

/**
 * The next answer to the maintenance status call. On the landing page the first one shows that the page's own
 * script (start-when-needed) is in place; later ones, that a poll or a reload has asked again.
 */
export function maintenanceStatusAnswer(page: Page): Promise<Response> {
  return page.waitForResponse((r) => r.url().endsWith('/api/v1/maintenance/status'));
}

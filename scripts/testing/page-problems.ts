import type { Page } from 'playwright-core';

/** What went wrong while a page was open: console errors and HTTP errors, and requests that failed. */
export interface PageProblems {
  errors: string[];
  failedRequests: string[];
}

/**
 * Collects a page's problems into `into` (several pages may share one). A visitor without a session makes no
 * identity calls (no session-hint cookie), so any 401 or console error counts.
 */
export function collectPageProblems(
  page: Page,
  into: PageProblems = { errors: [], failedRequests: [] },
): PageProblems {
  page.on('console', (m) => m.type() === 'error' && into.errors.push(m.text()));
  // a request the browser cancelled because the page navigated away (a link followed while the app was still
  // loading its code) did not fail
  page.on(
    'requestfailed',
    (r) => r.failure()?.errorText !== 'net::ERR_ABORTED' && into.failedRequests.push(r.url()),
  );
  page.on('response', (r) => r.status() >= 400 && into.errors.push(`${r.status()} ${r.url()}`));
  return into;
}

import type { Page } from 'playwright-core';

/** What went wrong while a page was open: console errors and HTTP errors, and requests that failed. */
export interface PageProblems {
  errors: string[];
  failedRequests: string[];
}

/**
 * Collects a page's problems into `into` (several pages may share one). An anonymous visitor's automatic
 * profile check (SPEC §4) is answered 401 by /users/me and, after the shared refresh attempt, by
 * /users/refresh: expected, not an error of the page.
 */
export function collectPageProblems(
  page: Page,
  into: PageProblems = { errors: [], failedRequests: [] },
): PageProblems {
  const anonymousSessionCheck = (url: string) =>
    /\/api\/v1\/users\/(me|refresh)$/.test(new URL(url, 'http://product.invalid').pathname);
  page.on(
    'console',
    (m) => m.type() === 'error' && !anonymousSessionCheck(m.location().url) && into.errors.push(m.text()),
  );
  // a request the browser cancelled because the page navigated away (a link followed while the app was still
  // loading its code) did not fail
  page.on(
    'requestfailed',
    (r) => r.failure()?.errorText !== 'net::ERR_ABORTED' && into.failedRequests.push(r.url()),
  );
  page.on('response', (r) => {
    if (r.status() === 401 && anonymousSessionCheck(r.url())) return;
    if (r.status() >= 400) into.errors.push(`${r.status()} ${r.url()}`);
  });
  return into;
}

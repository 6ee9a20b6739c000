/*
 * Punkto: the first calls of a signed-in page, asked for before the app's code has loaded (issue 30, ADR 0064).
 *
 * A small classic script, run as soon as the page has it (from the service worker on an installed scanner): with a
 * session hint, it asks for the profile at once; on the customer's page and their cards, what those show first; and
 * on a page of the panel, the business user's company, its subscription and whether it is configured — the calls
 * the app makes first, which otherwise start only once all of its start-up code has been parsed and run (half a
 * second on a slow phone). The app's API client takes each answer instead of asking again
 * (src/lib/api/boot-preloads.ts): once, for a GET of the same address, within a few seconds of the start, and none
 * after the first call that changes something (a login, a logout).
 * Paths, the cookie's name and the roles are the contracts' own: src/features/auth/stores/boot-script.unit.spec.ts
 * runs this file and checks.
 */
/* global document, window, location */
(function () {
  'use strict';
  // Not when the app's code has started first (it marks that it did): it asks for all of it itself.
  if (window.__punktoBoot || !/(?:^|;\s*)punkto_session=/.test(document.cookie)) return;
  var preloads = new Map();
  window.__punktoBoot = preloads;
  var get = function (path) {
    if (preloads.closed) return null;
    var answer = fetch(path, { credentials: 'include', headers: { accept: 'application/json' } });
    answer.catch(function () {}); // the app asks again when it finds this failed
    preloads.set(path, answer);
    return answer;
  };
  var profile = get('/api/v1/users/me');
  // The customer's page and their cards: what the page shows first, asked for beside the profile (only customers
  // open these pages; the route's data code loads with the page, after the app's start, ADR 0065)
  var portal = { '/klient': '/api/v1/customers/my-overview', '/klient/karty': '/api/v1/customers/my-cards' };
  var own = portal[location.pathname.replace(/\/$/, '')];
  if (own) get(own);
  if (!/^\/panel(?:\/|$)/.test(location.pathname)) return;
  var company = function (user) {
    if (!user || !user.tenantId || (user.role !== 'business_owner' && user.role !== 'employee')) return;
    var path = '/api/v1/tenants/' + encodeURIComponent(user.tenantId);
    get(path);
    get(path + '/tenant-subscription');
    get(path + '/tenant-configured');
  };
  // The company of the staff member last signed in here (kept for the scanner offline, ADR 0049): asked for beside
  // the profile, not after it — the answer to the profile waits for the main thread, busy with the app's code.
  var kept;
  try {
    kept = JSON.parse(localStorage.getItem('punkto.last-profile') || 'null');
  } catch {
    kept = null; // blocked storage or a value that is not JSON: as if nothing was kept
  }
  if (kept && kept.tenantId) return company(kept);
  profile
    .then(function (response) {
      return response.ok ? response.clone().json() : null;
    })
    .then(company)
    .catch(function () {});
})();

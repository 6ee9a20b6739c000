import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { getTenantSubscription } from '@punkto/contracts/endpoints/billing';
import { myCards, myOverview } from '@punkto/contracts/endpoints/customers';
import { me } from '@punkto/contracts/endpoints/identity';
import { getTenant, tenantConfigured } from '@punkto/contracts/endpoints/tenant';
import { Roles } from '@punkto/contracts/permissions';
import { SESSION_HINT_COOKIE } from '@punkto/contracts/session-hint';
import { describe, expect, it } from 'vitest';
import type { BootPreloads } from '../../../lib/api/boot-preloads';
import { LAST_PROFILE_KEY } from './last-profile-storage';

const BOOT_JS = readFileSync(new URL('../../../../public/boot.js', import.meta.url), 'utf8');
const COMPANY = '0198c0de-0000-7000-8000-000000000001';

/** Runs public/boot.js as a page would, with this cookie, path and profile; the addresses it asked for. */
async function boot(
  cookie: string,
  pathname: string,
  profile: unknown = null,
  kept: unknown = null,
  window: { __punktoBoot?: BootPreloads } = {},
) {
  const asked: string[] = [];
  const fetch = (path: string) => {
    asked.push(path);
    const body = path === me.path ? profile : {};
    return Promise.resolve(new Response(JSON.stringify(body), { status: body === null ? 401 : 200 }));
  };
  const localStorage = {
    getItem: (key: string) => (key === LAST_PROFILE_KEY && kept ? JSON.stringify(kept) : null),
  };
  runInNewContext(BOOT_JS, {
    window,
    document: { cookie },
    location: { pathname },
    localStorage,
    fetch,
    Map,
    Promise,
    JSON,
  });
  await new Promise((resolve) => setTimeout(resolve, 10));
  return { asked, preloads: window.__punktoBoot };
}

const withSession = `theme=light; ${SESSION_HINT_COOKIE}=1`;
const user = (role: string, tenantId: string | null) => ({
  id: 'u-1',
  email: 'a@example.pl',
  role,
  tenantId,
});
const filled = (path: string) => path.replace('{id}', COMPANY);

describe('boot.js: the first calls of a signed-in page, before the app has loaded', () => {
  it("on a page of the panel: the profile, then the business user's company, its subscription and set-up — the contracts' paths", async () => {
    const { asked } = await boot(withSession, '/panel/skaner', user(Roles.employee, COMPANY));
    expect(asked).toEqual([
      me.path,
      filled(getTenant.path),
      filled(getTenantSubscription.path),
      filled(tenantConfigured.path),
    ]);
    expect((await boot(withSession, '/panel', user(Roles.owner, COMPANY))).asked).toHaveLength(4);
  });

  it('with the staff member last signed in here kept: their company at once, beside the profile', async () => {
    const { asked } = await boot(withSession, '/panel/skaner', null, user(Roles.employee, COMPANY));
    expect(asked).toEqual([
      me.path,
      filled(getTenant.path),
      filled(getTenantSubscription.path),
      filled(tenantConfigured.path),
    ]);
  });

  it("on the customer's page and their cards: what the page shows first, beside the profile", async () => {
    expect((await boot(withSession, '/klient', user(Roles.customer, null))).asked).toEqual([
      me.path,
      myOverview.path,
    ]);
    expect((await boot(withSession, '/klient/karty', null)).asked).toEqual([me.path, myCards.path]);
    expect((await boot(withSession, '/klient/', null)).asked).toEqual([me.path, myOverview.path]);
  });

  it('elsewhere, for a customer, or when the profile is refused: the profile at most', async () => {
    expect((await boot(withSession, '/klient/historia', user(Roles.customer, null))).asked).toEqual([
      me.path,
    ]);
    expect((await boot(withSession, '/panel', user(Roles.customer, null))).asked).toEqual([me.path]);
    expect((await boot(withSession, '/panel', null)).asked).toEqual([me.path]);
    expect((await boot(withSession, '/panelik', user(Roles.owner, COMPANY))).asked).toEqual([me.path]);
  });

  it('after the app has started (it ran first): nothing, the app asks for it itself', async () => {
    const started = { __punktoBoot: Object.assign(new Map(), { closed: true }) };
    const { asked } = await boot(withSession, '/panel', user(Roles.owner, COMPANY), null, started);
    expect(asked).toEqual([]);
  });

  it('without the session hint: nothing at all', async () => {
    const { asked, preloads } = await boot('theme=light; other_session=1', '/panel');
    expect(asked).toEqual([]);
    expect(preloads).toBeUndefined();
  });
});

import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { getTenantSubscription } from '@punkto/contracts/endpoints/billing';
import { me } from '@punkto/contracts/endpoints/identity';
import { getTenant, tenantConfigured } from '@punkto/contracts/endpoints/tenant';
import { Roles } from '@punkto/contracts/permissions';
import { SESSION_HINT_COOKIE } from '@punkto/contracts/session-hint';
import { afterEach, describe, expect, it } from 'vitest';
import { LAST_PROFILE_KEY } from '../../features/auth/stores/last-profile-storage';
import { BOOT_PRELOAD_MS, type BootPreloads, fetchWithBootPreloads, takeBootPreload } from './boot-preloads';

const BOOT_JS = readFileSync(new URL('../../../public/boot.js', import.meta.url), 'utf8');
const COMPANY = '0198c0de-0000-7000-8000-000000000001';

/** Runs public/boot.js as a page would, with this cookie, path and profile; the addresses it asked for. */
async function boot(cookie: string, pathname: string, profile: unknown = null, kept: unknown = null) {
  const asked: string[] = [];
  const window: { __punktoBoot?: BootPreloads } = {};
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

  it('elsewhere, for a customer, or when the profile is refused: the profile at most', async () => {
    expect((await boot(withSession, '/klient/karty', user(Roles.customer, null))).asked).toEqual([me.path]);
    expect((await boot(withSession, '/panel', user(Roles.customer, null))).asked).toEqual([me.path]);
    expect((await boot(withSession, '/panel', null)).asked).toEqual([me.path]);
    expect((await boot(withSession, '/panelik', user(Roles.owner, COMPANY))).asked).toEqual([me.path]);
  });

  it('without the session hint: nothing at all', async () => {
    const { asked, preloads } = await boot('theme=light; other_session=1', '/panel');
    expect(asked).toEqual([]);
    expect(preloads).toBeUndefined();
  });
});

describe("the API client's fetch takes boot's answers", () => {
  const scope = globalThis as { __punktoBoot?: BootPreloads };
  afterEach(() => delete scope.__punktoBoot);
  const preloaded = (...paths: string[]) => {
    const answers = new Map(paths.map((path) => [path, Promise.resolve(new Response(`"boot ${path}"`))]));
    scope.__punktoBoot = answers;
    return answers;
  };
  const network = (path: string | URL | Request) =>
    Promise.resolve(new Response(`"network ${String(path)}"`));

  it('once, for a GET of the same address; other addresses go to the network', async () => {
    preloaded('/api/v1/users/me');
    const fetch = fetchWithBootPreloads(network);
    expect(await (await fetch('/api/v1/users/me', { method: 'GET' })).json()).toBe('boot /api/v1/users/me');
    expect(await (await fetch('/api/v1/users/me', { method: 'GET' })).json()).toBe(
      'network /api/v1/users/me',
    );
    expect(await (await fetch('/api/v1/tenants/x', {})).json()).toBe('network /api/v1/tenants/x');
  });

  it('none after a call that changes something, and boot asks for no more', async () => {
    const answers = preloaded('/api/v1/users/me', '/api/v1/tenants/x');
    const fetch = fetchWithBootPreloads(network);
    await fetch('/api/v1/users/logout', { method: 'POST' });
    expect(await (await fetch('/api/v1/users/me', { method: 'GET' })).json()).toBe(
      'network /api/v1/users/me',
    );
    expect(answers.size).toBe(0);
    expect((answers as BootPreloads).closed).toBe(true);
  });

  it('none once the start is long past', () => {
    preloaded('/api/v1/users/me');
    expect(takeBootPreload('/api/v1/users/me', { method: 'GET' }, BOOT_PRELOAD_MS + 1)).toBeUndefined();
    expect(takeBootPreload('/api/v1/users/me', { method: 'GET' }, 5)).toBeUndefined();
  });
});

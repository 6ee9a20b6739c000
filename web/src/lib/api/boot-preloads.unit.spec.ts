import { afterEach, describe, expect, it } from 'vitest';
import { BOOT_PRELOAD_MS, type BootPreloads, fetchWithBootPreloads, takeBootPreload } from './boot-preloads';

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

  it('none after a session refresh: a refusal of the old access token is not the answer to the repeated call', async () => {
    preloaded('/api/v1/users/me');
    const fetch = fetchWithBootPreloads(network);
    expect(await (await fetch('/api/v1/users/refresh', { method: 'GET' })).json()).toBe(
      'network /api/v1/users/refresh',
    );
    expect(await (await fetch('/api/v1/users/me', { method: 'GET' })).json()).toBe(
      'network /api/v1/users/me',
    );
  });

  it('none once the start is long past', () => {
    preloaded('/api/v1/users/me');
    expect(takeBootPreload('/api/v1/users/me', { method: 'GET' }, BOOT_PRELOAD_MS + 1)).toBeUndefined();
    expect(takeBootPreload('/api/v1/users/me', { method: 'GET' }, 5)).toBeUndefined();
  });
});

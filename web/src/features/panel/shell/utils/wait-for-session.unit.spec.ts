import type { UserProfile } from '@punkto/contracts/identity';
import { describe, expect, it } from 'vitest';
import { waitForSession } from './wait-for-session';

const owner = (tenantId: string | null): UserProfile => ({
  id: 'u1',
  email: 'anna@example.pl',
  username: 'Anna Nowak',
  role: 'business_owner',
  tenantId,
});

/** A session that learns its tenant after `after` refreshes; a fake clock advanced by sleep. */
function session(answers: Array<UserProfile | Error>) {
  let clock = 0;
  let refreshes = 0;
  return {
    poller: {
      refresh: async () => {
        const answer = answers[Math.min(refreshes++, answers.length - 1)]!;
        if (answer instanceof Error) throw answer;
        return answer;
      },
      sleep: async (ms: number) => void (clock += ms),
      now: () => clock,
    },
    refreshes: () => refreshes,
    elapsed: () => clock,
  };
}

describe('waitForSession', () => {
  it('refreshes until the token carries the new tenant', async () => {
    const s = session([owner(null), owner(null), owner('t1')]);
    const user = await waitForSession(s.poller, (u) => u?.tenantId === 't1', { intervalMs: 400 });
    expect(user?.tenantId).toBe('t1');
    expect(s.refreshes()).toBe(3);
    expect(s.elapsed()).toBe(800);
  });

  it('a failed refresh is retried, not fatal', async () => {
    const s = session([new Error('503'), owner('t1')]);
    expect((await waitForSession(s.poller, (u) => !!u?.tenantId))?.tenantId).toBe('t1');
  });

  it('gives up after the timeout', async () => {
    const s = session([owner(null)]);
    const user = await waitForSession(s.poller, (u) => !!u?.tenantId, { timeoutMs: 2000, intervalMs: 500 });
    expect(user).toBeUndefined();
    expect(s.elapsed()).toBeLessThanOrEqual(2000);
    expect(s.refreshes()).toBe(5);
  });

  it('a person already in the wanted state needs a single refresh', async () => {
    const s = session([owner(null)]);
    expect(await waitForSession(s.poller, (u) => u?.tenantId === null)).toEqual(owner(null));
    expect(s.refreshes()).toBe(1);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_TIMING, createRefreshScheduler, isRefreshOverdue, nextRefreshAt } from './refresh-scheduler';

const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 15, 10, 0, 0);

describe('refresh timing constants (SPEC §9)', () => {
  it('min gap 5 min, periodic 30 min, 5 min before expiry, forced after 25 min', () => {
    expect(REFRESH_TIMING).toEqual({
      minGapMs: 5 * MIN,
      periodMs: 30 * MIN,
      beforeExpiryMs: 5 * MIN,
      forceAfterMs: 25 * MIN,
    });
  });
});

describe('nextRefreshAt', () => {
  it('a 30-minute access token is refreshed 5 minutes before it expires', () => {
    expect(nextRefreshAt({ lastRefreshedAt: T0, accessTokenExpiresAt: T0 + 30 * MIN }, T0)).toBe(
      T0 + 25 * MIN,
    );
  });

  it('a long-lived token is still refreshed every 30 minutes', () => {
    expect(nextRefreshAt({ lastRefreshedAt: T0, accessTokenExpiresAt: T0 + 120 * MIN }, T0)).toBe(
      T0 + 30 * MIN,
    );
  });

  it('without a known expiry the periodic interval applies', () => {
    expect(nextRefreshAt({ lastRefreshedAt: T0, accessTokenExpiresAt: null }, T0)).toBe(T0 + 30 * MIN);
  });

  it('never sooner than 5 minutes after the last refresh, even for a very short token', () => {
    expect(nextRefreshAt({ lastRefreshedAt: T0, accessTokenExpiresAt: T0 + 20_000 }, T0)).toBe(T0 + 5 * MIN);
  });

  it('an unknown last refresh is due now', () => {
    expect(nextRefreshAt({ lastRefreshedAt: null, accessTokenExpiresAt: null }, T0 + 7)).toBe(T0 + 7);
  });
});

describe('isRefreshOverdue', () => {
  it('is overdue only when the last refresh is older than 25 minutes', () => {
    expect(isRefreshOverdue(T0, T0 + 25 * MIN)).toBe(false);
    expect(isRefreshOverdue(T0, T0 + 25 * MIN + 1)).toBe(true);
    expect(isRefreshOverdue(null, T0)).toBe(true);
  });
});

describe('refresh scheduler (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const refresh = vi.fn();
    const scheduler = createRefreshScheduler({ refresh, now: () => Date.now() });
    return { refresh, scheduler };
  };

  it('refreshes first 5 minutes before expiry, then every 30 minutes with a long token', () => {
    const { refresh, scheduler } = setup();
    scheduler.schedule({ lastRefreshedAt: T0, accessTokenExpiresAt: T0 + 30 * MIN });

    vi.advanceTimersByTime(25 * MIN - 1);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);

    // the owner reports the refresh with a 2-hour token: the periodic 30 minutes wins
    scheduler.schedule({ lastRefreshedAt: Date.now(), accessTokenExpiresAt: Date.now() + 120 * MIN });
    vi.advanceTimersByTime(30 * MIN - 1);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('rescheduling replaces the pending timer (one refresh, not two)', () => {
    const { refresh, scheduler } = setup();
    scheduler.schedule({ lastRefreshedAt: T0, accessTokenExpiresAt: T0 + 30 * MIN });
    vi.advanceTimersByTime(10 * MIN);
    scheduler.schedule({ lastRefreshedAt: Date.now(), accessTokenExpiresAt: Date.now() + 30 * MIN });
    vi.advanceTimersByTime(20 * MIN);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5 * MIN);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('respects the 5-minute minimum gap with a 20-second token', () => {
    const { refresh, scheduler } = setup();
    scheduler.schedule({ lastRefreshedAt: T0, accessTokenExpiresAt: T0 + 20_000 });
    vi.advanceTimersByTime(5 * MIN - 1);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('a session of unknown age is refreshed at once', () => {
    const { refresh, scheduler } = setup();
    scheduler.schedule({ lastRefreshedAt: null, accessTokenExpiresAt: null });
    vi.advanceTimersByTime(0);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('on focus: forced when the last refresh is older than 25 minutes, not before', () => {
    const { refresh, scheduler } = setup();
    scheduler.schedule({ lastRefreshedAt: T0, accessTokenExpiresAt: T0 + 120 * MIN });

    vi.setSystemTime(T0 + 25 * MIN); // e.g. timers throttled in a background tab
    scheduler.checkOverdue();
    expect(refresh).not.toHaveBeenCalled();

    vi.setSystemTime(T0 + 25 * MIN + 1);
    scheduler.checkOverdue();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(scheduler.isScheduled()).toBe(false); // the pending timer went with it
  });

  it('checkOverdue does nothing when no session is scheduled', () => {
    const { refresh, scheduler } = setup();
    vi.setSystemTime(T0 + 60 * MIN);
    scheduler.checkOverdue();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('retryLater tries again after the minimum gap', () => {
    const { refresh, scheduler } = setup();
    scheduler.schedule({ lastRefreshedAt: T0, accessTokenExpiresAt: T0 + 30 * MIN });
    scheduler.retryLater();
    vi.advanceTimersByTime(5 * MIN);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('stop cancels the pending refresh', () => {
    const { refresh, scheduler } = setup();
    scheduler.schedule({ lastRefreshedAt: T0, accessTokenExpiresAt: T0 + 30 * MIN });
    scheduler.stop();
    scheduler.retryLater();
    vi.advanceTimersByTime(120 * MIN);
    expect(refresh).not.toHaveBeenCalled();
    expect(scheduler.isScheduled()).toBe(false);
  });
});

/** SPEC §9 session refresh timing. */
export const REFRESH_TIMING = {
  /** never two refreshes closer than this */
  minGapMs: 5 * 60_000,
  /** periodic refresh */
  periodMs: 30 * 60_000,
  /** the first refresh happens this long before the access token expires */
  beforeExpiryMs: 5 * 60_000,
  /** on focus / visibility: refresh at once when the last refresh is older than this */
  forceAfterMs: 25 * 60_000,
} as const;
export type RefreshTiming = { [K in keyof typeof REFRESH_TIMING]: number };

export type SessionTiming = {
  /** epoch ms of the last login or refresh; null when unknown (e.g. a session from before this tab) */
  lastRefreshedAt: number | null;
  /** epoch ms the access token expires; null when unknown */
  accessTokenExpiresAt: number | null;
};

/**
 * When the next refresh is due: 5 min before the access token expires or 30 min after the last refresh,
 * whichever comes first, but never sooner than 5 min after the last refresh. Unknown last refresh → now.
 */
export function nextRefreshAt(session: SessionTiming, now: number, timing: RefreshTiming = REFRESH_TIMING) {
  if (session.lastRefreshedAt === null) return now;
  const periodic = session.lastRefreshedAt + timing.periodMs;
  const beforeExpiry =
    session.accessTokenExpiresAt === null
      ? Number.POSITIVE_INFINITY
      : session.accessTokenExpiresAt - timing.beforeExpiryMs;
  return Math.max(Math.min(periodic, beforeExpiry), session.lastRefreshedAt + timing.minGapMs);
}

/** The last refresh is older than 25 min (or unknown): refresh now, e.g. when the tab becomes visible. */
export function isRefreshOverdue(
  lastRefreshedAt: number | null,
  now: number,
  timing: RefreshTiming = REFRESH_TIMING,
): boolean {
  return lastRefreshedAt === null || now - lastRefreshedAt > timing.forceAfterMs;
}

type Timers = {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: never) => void;
};

export type RefreshSchedulerDeps = {
  /** performs the refresh; on success the owner calls `schedule` again with the new timing */
  refresh: () => void;
  now: () => number;
  timers?: Timers;
  timing?: RefreshTiming;
};

export type RefreshScheduler = ReturnType<typeof createRefreshScheduler>;

/** One timer for the next refresh of the signed-in session. */
export function createRefreshScheduler(deps: RefreshSchedulerDeps) {
  const timers: Timers = deps.timers ?? {
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle),
  };
  const timing = deps.timing ?? REFRESH_TIMING;
  let handle: unknown;
  let session: SessionTiming | null = null;

  const clear = () => {
    if (handle !== undefined) timers.clearTimeout(handle as never);
    handle = undefined;
  };

  const fire = () => {
    clear();
    deps.refresh();
  };

  return {
    /** (Re)plans the next refresh for this session. */
    schedule(next: SessionTiming) {
      clear();
      session = next;
      const delay = Math.max(0, nextRefreshAt(next, deps.now(), timing) - deps.now());
      handle = timers.setTimeout(fire, delay);
    },
    /** A refresh failed without ending the session: try again after the minimum gap. */
    retryLater() {
      if (session === null) return;
      clear();
      handle = timers.setTimeout(fire, timing.minGapMs);
    },
    /** Tab focused / visible again: background timers may have been throttled. */
    checkOverdue() {
      if (session !== null && isRefreshOverdue(session.lastRefreshedAt, deps.now(), timing)) fire();
    },
    stop() {
      clear();
      session = null;
    },
    isScheduled: () => handle !== undefined,
  };
}

import type { SessionTimingStorage } from './auth-store';
import type { SessionTiming } from './refresh-scheduler';

const KEY = 'punkto.session-timing';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function isTime(value: unknown): value is number | null {
  return value === null || (typeof value === 'number' && Number.isFinite(value));
}

/** Session timing in localStorage (no secrets: two timestamps). Unavailable storage → nothing kept. */
export function createSessionTimingStorage(storage: StorageLike | undefined): SessionTimingStorage {
  return {
    load() {
      try {
        const parsed = JSON.parse(storage?.getItem(KEY) ?? 'null') as Partial<SessionTiming> | null;
        if (parsed && isTime(parsed.lastRefreshedAt) && isTime(parsed.accessTokenExpiresAt)) {
          return {
            lastRefreshedAt: parsed.lastRefreshedAt,
            accessTokenExpiresAt: parsed.accessTokenExpiresAt,
          };
        }
      } catch {
        // corrupt or blocked storage: behave as if nothing was stored
      }
      return null;
    },
    save(timing) {
      try {
        storage?.setItem(KEY, JSON.stringify(timing));
      } catch {
        // quota or privacy mode: the schedule still works for this page
      }
    },
    clear() {
      try {
        storage?.removeItem(KEY);
      } catch {
        // see above
      }
    },
  };
}

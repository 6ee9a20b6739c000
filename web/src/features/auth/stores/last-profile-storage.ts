import { UserProfile } from '@punkto/contracts/session';
import type { AuthUser } from '../types';
import { isBusinessUser } from '../utils/guards';

/** Where the last profile the server answered survives a reload (ADR 0049). */
export type LastProfileStorage = {
  load(): AuthUser | null;
  save(user: AuthUser): void;
  clear(): void;
};

/** also read by public/boot.js, which asks for that company's first data at once */
export const LAST_PROFILE_KEY = 'punkto.last-profile';
const KEY = LAST_PROFILE_KEY;

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The signed-in staff member's last profile in localStorage, beside the session timing: with it the panel, and
 * so the scanner with its queue, opens after a reload without a connection (ADR 0049). Only a company's staff
 * (owner, employee) is kept — the scanner is theirs; a customer's profile is never written. The auth store
 * clears it whenever the session ends (sign-out, a session the server refused, a browser with no session) and
 * at every sign-in, so it can only ever stand for the person of this browser's current session. What it holds
 * (name, e-mail, role, permissions) is what the panel showed anyway; a value that no longer parses as a profile
 * is ignored.
 */
export function createLastProfileStorage(storage: StorageLike | undefined): LastProfileStorage {
  const clear = () => {
    try {
      storage?.removeItem(KEY);
    } catch {
      // blocked storage: nothing was kept either
    }
  };
  return {
    load() {
      try {
        const parsed = UserProfile.safeParse(JSON.parse(storage?.getItem(KEY) ?? 'null'));
        return parsed.success && isBusinessUser(parsed.data) ? parsed.data : null;
      } catch {
        return null; // corrupt or blocked storage: as if nothing was kept
      }
    },
    save(user) {
      if (!isBusinessUser(user)) return clear();
      try {
        storage?.setItem(KEY, JSON.stringify(user));
      } catch {
        // quota or privacy mode: the app works as before, only not after a reload offline
      }
    },
    clear,
  };
}

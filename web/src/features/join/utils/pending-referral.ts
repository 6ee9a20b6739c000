/**
 * The invite a friend opened (`/polecenie/<code>`), kept in this browser until the friend has joined that
 * program — through signing in or creating an account, which may come back in another tab (ADR 0061). A week
 * at most; only the code and the program, nothing about anyone. Storage that is off (private mode) loses the
 * invite; joining still works.
 */
const KEY = 'punkto.referral';
export const PENDING_REFERRAL_KEPT_MS = 7 * 24 * 3_600_000;

export type PendingReferral = { code: string; programId: string; savedAt: number };
type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function savePendingReferral(
  code: string,
  programId: string,
  now = Date.now(),
  store: Store = localStorage,
) {
  try {
    store.setItem(KEY, JSON.stringify({ code, programId, savedAt: now }));
  } catch {
    // storage off: the invite is lost
  }
}

export function pendingReferralFor(
  programId: string,
  now = Date.now(),
  store: Store = localStorage,
): PendingReferral | null {
  try {
    const raw = store.getItem(KEY);
    if (!raw) return null;
    const pending = JSON.parse(raw) as Partial<PendingReferral>;
    if (typeof pending.code !== 'string' || pending.programId !== programId) return null;
    if (typeof pending.savedAt !== 'number' || now - pending.savedAt > PENDING_REFERRAL_KEPT_MS) return null;
    return { code: pending.code, programId, savedAt: pending.savedAt };
  } catch {
    return null;
  }
}

export function forgetPendingReferral(store: Store = localStorage) {
  try {
    store.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

import { plural } from '@punkto/contracts/plural';

/**
 * The invite a friend opened (`/polecenie/<code>`), kept in this browser until the friend has joined that
 * program — through signing in or creating an account, which may come back in another tab (ADR 0061). A week
 * at most; only the code and the program, nothing about anyone.
 */
const KEY = 'punkto.referral';
const KEPT_MS = 7 * 24 * 3_600_000;

export type PendingReferral = { code: string; programId: string; savedAt: number };

export function savePendingReferral(code: string, programId: string, now = Date.now()) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ code, programId, savedAt: now }));
  } catch {
    // storage off (private mode): the invite is lost, the joining still works
  }
}

export function pendingReferralFor(programId: string, now = Date.now()): PendingReferral | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const pending = JSON.parse(raw) as Partial<PendingReferral>;
    if (typeof pending.code !== 'string' || pending.programId !== programId) return null;
    if (typeof pending.savedAt !== 'number' || now - pending.savedAt > KEPT_MS) return null;
    return pending as PendingReferral;
  } catch {
    return null;
  }
}

export function forgetPendingReferral() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

/** the invite link a customer shares: this site's `/polecenie/<code>` */
export const inviteLinkOf = (code: string, origin = window.location.origin) => `${origin}/polecenie/${code}`;

/** „50 pkt” / „2 pieczątki” (the accusative: „dostaniesz 1 pieczątkę”) */
export function bonusLabel(count: number, unit: 'points' | 'stamps') {
  const n = new Intl.NumberFormat('pl-PL').format(count);
  return unit === 'points' ? `${n} pkt` : `${n} ${plural(count, 'pieczątkę', 'pieczątki', 'pieczątek')}`;
}

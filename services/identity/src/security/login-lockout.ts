import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { RateLimitedError } from '@punkto/platform/errors/errors';
import { mutateDocument } from '@punkto/platform/documents/mutate-document';
import { sha256 } from './secrets';

/**
 * Per-account login throttling (issue 15, finding 8): the per-IP limits let one account be tried from many
 * addresses. After `afterFailures` consecutive wrong passwords for one address, every further attempt for it,
 * from ANY IP, is refused until a lock has passed: 1 s, then doubling with each further failure, up to
 * `maxSeconds`. Nothing sleeps in the request; the refusal says when to try again. Addresses with no account
 * are counted the same way (by the SHA-256 of the normalised address, which is all that is stored), so the
 * lock tells nothing about whether an account exists. A successful login clears the count.
 * The password asked again behind a session (change-password, deleting the account: accounts/profile.ts) goes
 * through the same lock (issue 36): a wrong one there is a failure of that account's address, and a locked
 * account refuses it there too, so a stolen session is no unlimited guessing oracle.
 */
export interface LockoutPolicy {
  afterFailures: number;
  maxSeconds: number;
}

export interface FailureState {
  failures: number;
  lockedUntil: string | null;
}

/** Pure: the state after one more wrong password at `now`. */
export function afterFailure(state: FailureState | null, now: Date, policy: LockoutPolicy): FailureState {
  const failures = (state?.failures ?? 0) + 1;
  if (failures < policy.afterFailures) return { failures, lockedUntil: null };
  const seconds = Math.min(policy.maxSeconds, 2 ** Math.min(30, failures - policy.afterFailures));
  return { failures, lockedUntil: new Date(now.getTime() + seconds * 1000).toISOString() };
}

/** Pure: whole seconds until the lock ends, or 0 when attempts are allowed. */
export function lockedFor(state: FailureState | null, now: Date): number {
  if (!state?.lockedUntil) return 0;
  return Math.max(0, Math.ceil((new Date(state.lockedUntil).getTime() - now.getTime()) / 1000));
}

export class AccountLockedError extends RateLimitedError {
  constructor(retryAfterSeconds: number) {
    super(
      `Zbyt wiele nieudanych prób logowania na to konto. Spróbuj ponownie za ${retryLabel(retryAfterSeconds)}.`,
      retryAfterSeconds,
    );
  }
}

function retryLabel(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} min`;
}

type FailureDoc = FailureState & { _id: string; expiresAt: string };

export function loginLockout(documents: DocumentStore, policy: LockoutPolicy) {
  const failures = documents.collection<FailureDoc>('login-failures');
  const idOf = (email: string) => sha256(`login:${email.trim().toLowerCase()}`);
  let lastSweep = 0;

  async function sweep(now: Date) {
    if (now.getTime() - lastSweep < 60_000) return;
    lastSweep = now.getTime();
    for (const doc of await failures.find({ expiresAt: { $lt: now.toISOString() } }, { limit: 500 }))
      await failures.delete(doc._id);
  }

  return {
    async ensureIndexes() {
      await failures.ensureIndex({ fields: { expiresAt: 1 } });
    },

    /** Throws AccountLockedError (429, Retry-After) while the address is locked. */
    async assertOpen(email: string, now: Date) {
      await sweep(now);
      const seconds = lockedFor(await failures.get(idOf(email)), now);
      if (seconds > 0) throw new AccountLockedError(seconds);
    },

    async recordFailure(email: string, now: Date) {
      const id = idOf(email);
      // a concurrent failure of the same address moved the count: mutateDocument reads it again
      await mutateDocument(
        failures,
        id,
        (current) => {
          const next = afterFailure(current, now, policy);
          // forgotten a day after the last failure (or after the lock, if longer)
          const keep = Math.max(now.getTime() + 86_400_000, new Date(next.lockedUntil ?? 0).getTime());
          return { _id: id, ...next, expiresAt: new Date(keep).toISOString() };
        },
        21,
      );
    },

    async recordSuccess(email: string) {
      await failures.delete(idOf(email));
    },
  };
}
export type LoginLockout = ReturnType<typeof loginLockout>;

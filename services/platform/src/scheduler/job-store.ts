import type { ScheduledJob } from './scheduler.port';

/** A job as a store keeps it: the port's job plus its run bookkeeping. */
export interface StoredJob extends ScheduledJob {
  attempts: number;
  status: 'pending' | 'running' | 'failed';
  /** who holds the job while it runs; completion only touches the job if it still holds the same token */
  leaseToken: string | null;
}

export interface Claim {
  now: Date;
  leaseUntil: Date;
  token: string;
  types: string[];
}

/**
 * Where a polling scheduler keeps its jobs: one record per job id. Every write that finishes a run is
 * conditional on the lease token, so a job re-scheduled or cancelled while its handler ran is left alone.
 */
export interface JobStore {
  /** inserts, or replaces the job with this id (pending again, attempts 0, no lease) */
  put(job: ScheduledJob, now: Date): Promise<void>;
  /** true when a job was removed */
  remove(id: string): Promise<boolean>;
  find(id: string): Promise<StoredJob | null>;
  dueCount(now: Date): Promise<number>;
  /**
   * Atomically takes the earliest due job of one of `types` (pending and due, or running with an expired
   * lease): status running, attempts + 1, the given lease. Undefined when none is due.
   */
  claim(claim: Claim): Promise<StoredJob | undefined>;
  /** the run succeeded: forget the job */
  complete(id: string, token: string): Promise<void>;
  /** the run failed: pending again at `runAt`, or `failed` for good when `runAt` is null */
  release(
    id: string,
    token: string,
    outcome: { runAt: Date | null; error: string; now: Date },
  ): Promise<void>;
  readonly open: boolean;
  close(): Promise<void>;
}

/**
 * Scheduler port: durable delayed jobs that survive restarts. At-least-once: a job whose handler throws
 * is retried with back-off; a job running when the process dies runs again after restart.
 */

export interface ScheduledJob<TPayload = unknown> {
  /** idempotency key: scheduling an id that exists replaces the pending job */
  id: string;
  type: string;
  runAt: Date;
  payload: TPayload;
}

export interface JobContext {
  attempt: number;
}

export type JobHandler = (job: ScheduledJob, context: JobContext) => Promise<void>;

export interface Scheduler {
  schedule(job: ScheduledJob): Promise<void>;
  /** true when a pending job was removed */
  cancel(id: string): Promise<boolean>;
  get(id: string): Promise<(ScheduledJob & { attempts: number; status: 'pending' | 'failed' }) | null>;
  /** pending jobs whose time has come and that no handler has started yet (the backlog, for /metrics) */
  dueCount(): Promise<number>;
  /** starts polling; handlers keyed by job type */
  start(handlers: Record<string, JobHandler>): void;
  stop(): Promise<void>;
  close(): Promise<void>;
}

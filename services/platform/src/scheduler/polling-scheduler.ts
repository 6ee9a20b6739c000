import { v7 as uuidv7 } from 'uuid';
import type { Logger } from '../observability/logger';
import type { JobStore, StoredJob } from './job-store';
import type { JobHandler, ScheduledJob, Scheduler } from './scheduler.port';

export interface PollingSchedulerOptions {
  /** how often to look for due jobs when idle; default 1000 ms */
  pollIntervalMs?: number;
  /** the clock deciding what is due; default `() => new Date()` */
  now?: () => Date;
  logger?: Logger;
  /** a claimed job whose lease ran out is due again (its process is presumed dead); default 5 min */
  leaseMs?: number;
  /** after this many attempts a failing job is kept with status 'failed'; default 10 */
  maxAttempts?: number;
  /** retry delay = min(backoffBaseMs · 2^(attempt-1), backoffMaxMs); defaults 1 s and 1 h */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
}

type Settings = Required<Omit<PollingSchedulerOptions, 'logger'>> & { logger: Logger | undefined };

/**
 * THE scheduler loop over any JobStore: one in-process loop that runs one due job at a time (jobs are
 * e-mails, reminders and retries, not throughput work), woken at once by a local `schedule` and otherwise
 * every poll interval (jobs scheduled by other processes sharing the store).
 *
 * Lifecycle: pending → claim (running, attempts + 1, a lease and its token) → forgotten on success, or
 * pending again with exponential back-off, or 'failed' after `maxAttempts` (kept for inspection).
 * At-least-once: a job whose lease ran out (its process died) is claimed again. A handler that never settles
 * blocks the loop (and `stop()`): handlers must time out their own IO.
 */
export class PollingScheduler implements Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private handlers: Record<string, JobHandler> = {};
  private running = false;
  private tick: Promise<void> = Promise.resolve();
  private readonly settings: Settings;

  protected constructor(
    private readonly store: JobStore,
    options: PollingSchedulerOptions,
  ) {
    this.settings = {
      pollIntervalMs: 1000,
      now: () => new Date(),
      leaseMs: 5 * 60_000,
      maxAttempts: 10,
      backoffBaseMs: 1000,
      backoffMaxMs: 60 * 60_000,
      ...definedOnly(options),
      logger: options.logger,
    };
  }

  dueCount(): Promise<number> {
    return this.store.dueCount(this.settings.now());
  }

  async schedule(job: ScheduledJob): Promise<void> {
    if (!job.id || !job.type) throw new Error('a job needs an id and a type');
    if (Number.isNaN(job.runAt.getTime())) throw new Error(`job ${job.id}: invalid runAt`);
    await this.store.put(job, this.settings.now());
    this.wake();
  }

  /** A handler already running finishes, but its lease token no longer matches, so nothing is rescheduled. */
  cancel(id: string): Promise<boolean> {
    return this.store.remove(id);
  }

  async get(id: string): Promise<(ScheduledJob & { attempts: number; status: 'pending' | 'failed' }) | null> {
    const stored = await this.store.find(id);
    if (!stored) return null;
    const { id: jobId, type, runAt, payload, attempts, status } = stored;
    // the port knows no 'running': a running job is still pending completion
    return { id: jobId, type, runAt, payload, attempts, status: status === 'failed' ? 'failed' : 'pending' };
  }

  start(handlers: Record<string, JobHandler>): void {
    this.handlers = { ...handlers };
    if (this.running) return;
    this.running = true;
    this.wake();
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.tick; // let the job in progress finish
  }

  async close(): Promise<void> {
    await this.stop();
    if (this.store.open) await this.store.close();
  }

  /** Runs due jobs one by one until none is due or the scheduler stops. */
  private async drain(): Promise<void> {
    for (let job = await this.claim(); job; job = await this.claim()) await this.run(job);
  }

  private wake(): void {
    if (!this.running) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.poll(), 0);
  }

  private poll(): void {
    this.timer = undefined;
    this.tick = this.tick
      .then(() => this.drain())
      .catch((error: unknown) => this.settings.logger?.error({ err: error }, 'scheduler poll failed'))
      .then(() => {
        if (this.running && this.timer === undefined)
          this.timer = setTimeout(() => this.poll(), this.settings.pollIntervalMs);
      });
  }

  private claim(): Promise<StoredJob | undefined> {
    const types = Object.keys(this.handlers);
    if (!this.running || !this.store.open || types.length === 0) return Promise.resolve(undefined);
    const now = this.settings.now();
    const leaseUntil = new Date(now.getTime() + this.settings.leaseMs);
    return this.store.claim({ now, leaseUntil, token: uuidv7(), types });
  }

  private async run(claimed: StoredJob): Promise<void> {
    const { id, type, runAt, payload, attempts } = claimed;
    const token = claimed.leaseToken ?? '';
    const log = this.settings.logger?.child({ jobId: id, jobType: type, attempt: attempts });
    try {
      const handler = this.handlers[type];
      if (!handler) throw new Error(`no handler for job type ${type}`);
      await handler({ id, type, runAt, payload }, { attempt: attempts });
      if (this.store.open) await this.store.complete(id, token);
      log?.debug('job done');
    } catch (error) {
      if (!this.store.open) return;
      const message = error instanceof Error ? error.message : String(error);
      const now = this.settings.now();
      const { maxAttempts, backoffBaseMs, backoffMaxMs } = this.settings;
      if (attempts >= maxAttempts) {
        await this.store.release(id, token, { runAt: null, error: message, now });
        log?.error({ err: error }, 'job failed for good');
        return;
      }
      const delay = Math.min(backoffBaseMs * 2 ** (attempts - 1), backoffMaxMs);
      await this.store.release(id, token, { runAt: new Date(now.getTime() + delay), error: message, now });
      log?.warn({ err: error, retryInMs: delay }, 'job failed, will retry');
    }
  }
}

function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}

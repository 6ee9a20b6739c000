import type { JobHandler, ScheduledJob, Scheduler } from '../scheduler.port';

/**
 * A real scheduler's port with its jobs also kept here, so a test runs the due ones at its own clock instead of
 * the scheduler's timer (it never starts): what is scheduled and cancelled still goes to the real, durable one.
 */
export interface SteppedScheduler {
  scheduler: Scheduler;
  /** the jobs scheduled and not yet run or cancelled, by id */
  pending: Map<string, ScheduledJob>;
  /** runs one pending job now (as the scheduler would pick it), with the handler of its type */
  run(id: string, jobs: Record<string, JobHandler>): Promise<ScheduledJob>;
  /** runs every pending job whose time has come at `now`, and those they schedule (up to 20 rounds); the jobs run */
  runDue(jobs: Record<string, JobHandler>, now: Date): Promise<ScheduledJob[]>;
}

export function steppedScheduler(real: Scheduler): SteppedScheduler {
  const pending = new Map<string, ScheduledJob>();
  const scheduler: Scheduler = {
    ...real,
    schedule: async (job) => {
      pending.set(job.id, job);
      await real.schedule(job);
    },
    cancel: async (id) => {
      pending.delete(id);
      return real.cancel(id);
    },
    get: (id) => real.get(id),
    dueCount: () => real.dueCount(),
    start: () => undefined,
    stop: () => real.stop(),
    close: () => real.close(),
  };
  const run = async (id: string, jobs: Record<string, JobHandler>) => {
    const job = pending.get(id);
    if (!job) throw new Error(`no job ${id}`);
    await scheduler.cancel(id);
    await jobs[job.type]!(job, { attempt: 1 });
    return job;
  };
  return {
    scheduler,
    pending,
    run,
    async runDue(jobs, now) {
      const ran: ScheduledJob[] = [];
      for (let round = 0; round < 20; round++) {
        const due = [...pending.values()].filter((j) => j.runAt.getTime() <= now.getTime());
        if (!due.length) break;
        for (const job of due) {
          if (pending.get(job.id) !== job) continue;
          ran.push(await run(job.id, jobs));
        }
      }
      return ran;
    },
  };
}

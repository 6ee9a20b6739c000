import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobContext, ScheduledJob, Scheduler } from './scheduler.port';

/**
 * The ONE contract for Scheduler adapters, through the port only. The harness opens instances on one
 * shared storage location with an injected clock and a short poll interval; several instances at once
 * stand for "a process that died" and "the process after restart".
 */
export interface SchedulerHarness {
  open(options: { now: () => Date }): Promise<Scheduler>;
  cleanup(): Promise<void>;
}

const T0 = new Date('2026-11-20T10:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function schedulerContract(adapterName: string, harness: () => Promise<SchedulerHarness>): void {
  describe(`Scheduler contract: ${adapterName}`, () => {
    let env: SchedulerHarness;
    let now: Date;
    const clock = () => now;
    const advance = (ms: number) => (now = new Date(now.getTime() + ms));
    let instances: Scheduler[];
    let calls: Array<{ job: ScheduledJob; context: JobContext }>;
    const record = async (job: ScheduledJob, context: JobContext) => {
      calls.push({ job, context });
    };

    async function open(): Promise<Scheduler> {
      const scheduler = await env.open({ now: clock });
      instances.push(scheduler);
      return scheduler;
    }

    /** lets several poll intervals pass */
    const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
    const waitFor = (assertion: () => void | Promise<void>) =>
      vi.waitFor(assertion, { timeout: 5000, interval: 10 });

    beforeEach(async () => {
      env = await harness();
      now = T0;
      instances = [];
      calls = [];
    });

    afterEach(async () => {
      for (const scheduler of instances) await scheduler.close();
      await env.cleanup();
    });

    it('runs a due job once, with its payload and attempt 1, then forgets it', async () => {
      const scheduler = await open();
      scheduler.start({ 'send-survey': record });
      await scheduler.schedule({
        id: 'job-1',
        type: 'send-survey',
        runAt: T0,
        payload: { cardId: 'c1', note: 'Łódź' },
      });
      await waitFor(() => expect(calls).toHaveLength(1));
      expect(calls[0]!.job).toEqual({
        id: 'job-1',
        type: 'send-survey',
        runAt: T0,
        payload: { cardId: 'c1', note: 'Łódź' },
      });
      expect(calls[0]!.context).toEqual({ attempt: 1 });
      await waitFor(async () => expect(await scheduler.get('job-1')).toBeNull());
      await settle();
      expect(calls).toHaveLength(1);
    });

    it('counts as backlog the pending jobs that are due, not the future ones nor the ones already run', async () => {
      const scheduler = await open();
      expect(await scheduler.dueCount()).toBe(0);
      await scheduler.schedule({ id: 'due-1', type: 't', runAt: new Date(T0.getTime() - 1000), payload: 1 });
      await scheduler.schedule({ id: 'due-2', type: 't', runAt: T0, payload: 2 });
      await scheduler.schedule({ id: 'later', type: 't', runAt: new Date(T0.getTime() + DAY), payload: 3 });
      expect(await scheduler.dueCount()).toBe(2);
      scheduler.start({ t: record });
      await waitFor(async () => expect(await scheduler.dueCount()).toBe(0));
      expect(calls.map((c) => c.job.id)).not.toContain('later');
      advance(DAY);
      await waitFor(() => expect(calls.map((c) => c.job.id)).toContain('later'));
      await waitFor(async () => expect(await scheduler.dueCount()).toBe(0));
    });

    it('runs jobs scheduled before start, in due order', async () => {
      const scheduler = await open();
      await scheduler.schedule({ id: 'b', type: 't', runAt: new Date(T0.getTime() - 1000), payload: 2 });
      await scheduler.schedule({ id: 'a', type: 't', runAt: new Date(T0.getTime() - 2000), payload: 1 });
      scheduler.start({ t: record });
      await waitFor(() => expect(calls.map((c) => c.job.id)).toEqual(['a', 'b']));
    });

    it('waits for a future job until the clock reaches it', async () => {
      const scheduler = await open();
      scheduler.start({ t: record });
      await scheduler.schedule({
        id: 'later',
        type: 't',
        runAt: new Date(T0.getTime() + HOUR),
        payload: null,
      });
      await settle();
      expect(calls).toHaveLength(0);
      expect(await scheduler.get('later')).toMatchObject({ id: 'later', status: 'pending', attempts: 0 });
      advance(HOUR);
      await waitFor(() => expect(calls).toHaveLength(1));
    });

    it('leaves jobs without a handler alone', async () => {
      const scheduler = await open();
      scheduler.start({ t: record });
      await scheduler.schedule({ id: 'other', type: 'unknown', runAt: T0, payload: null });
      await settle();
      expect(await scheduler.get('other')).toMatchObject({ status: 'pending', attempts: 0 });
    });

    it('scheduling an existing id replaces the pending job', async () => {
      const scheduler = await open();
      await scheduler.schedule({
        id: 'remind',
        type: 't',
        runAt: new Date(T0.getTime() + HOUR),
        payload: { v: 1 },
      });
      await scheduler.schedule({
        id: 'remind',
        type: 't',
        runAt: new Date(T0.getTime() + 2 * HOUR),
        payload: { v: 2 },
      });
      expect(await scheduler.get('remind')).toEqual({
        id: 'remind',
        type: 't',
        runAt: new Date(T0.getTime() + 2 * HOUR),
        payload: { v: 2 },
        attempts: 0,
        status: 'pending',
      });
      scheduler.start({ t: record });
      advance(HOUR);
      await settle();
      expect(calls).toHaveLength(0);
      advance(HOUR);
      await waitFor(() => expect(calls.map((c) => c.job.payload)).toEqual([{ v: 2 }]));
    });

    it('cancel removes a pending job so it never runs', async () => {
      const scheduler = await open();
      scheduler.start({ t: record });
      await scheduler.schedule({ id: 'x', type: 't', runAt: new Date(T0.getTime() + HOUR), payload: null });
      expect(await scheduler.cancel('x')).toBe(true);
      expect(await scheduler.get('x')).toBeNull();
      expect(await scheduler.cancel('x')).toBe(false);
      advance(DAY);
      await settle();
      expect(calls).toHaveLength(0);
    });

    it('retries a failing job later with a higher attempt number', async () => {
      const scheduler = await open();
      let failures = 1;
      scheduler.start({
        flaky: async (job, context) => {
          calls.push({ job, context });
          if (failures-- > 0) throw new Error('SMTP niedostępny');
        },
      });
      await scheduler.schedule({ id: 'f', type: 'flaky', runAt: T0, payload: null });
      // a running job reads as pending too: wait until the failed run has been released with its back-off
      await waitFor(async () => {
        const pending = await scheduler.get('f');
        expect(pending).toMatchObject({ attempts: 1, status: 'pending' });
        expect(pending!.runAt.getTime()).toBeGreaterThan(T0.getTime()); // backed off, not hot-looping
      });
      await settle();
      expect(calls).toHaveLength(1);
      advance(DAY);
      await waitFor(() => expect(calls.map((c) => c.context.attempt)).toEqual([1, 2]));
      await waitFor(async () => expect(await scheduler.get('f')).toBeNull());
    });

    it('jobs survive close and open', async () => {
      const first = await open();
      await first.schedule({
        id: 'keep',
        type: 't',
        runAt: new Date(T0.getTime() + HOUR),
        payload: { a: [1, 2] },
      });
      await first.close();
      instances = [];
      const second = await open();
      expect(await second.get('keep')).toMatchObject({
        id: 'keep',
        payload: { a: [1, 2] },
        status: 'pending',
      });
      second.start({ t: record });
      advance(HOUR);
      await waitFor(() => expect(calls.map((c) => c.job.id)).toEqual(['keep']));
    });

    it('a job interrupted by a crash runs again in the next process', async () => {
      const crashed = await open();
      let release!: () => void;
      const started = new Promise<void>((resolveStarted) => {
        crashed.start({
          t: (job, context) => {
            calls.push({ job, context });
            resolveStarted();
            return new Promise<void>((resolve) => (release = resolve)); // hangs: the process "dies" here
          },
        });
      });
      await crashed.schedule({ id: 'interrupted', type: 't', runAt: T0, payload: 'p' });
      await started;

      advance(DAY); // long after any lease
      const restarted = await open();
      restarted.start({ t: record });
      await waitFor(() => expect(calls.map((c) => c.context.attempt)).toEqual([1, 2]));
      await waitFor(async () => expect(await restarted.get('interrupted')).toBeNull());

      release(); // the zombie finishing late must not bring the job back
      await crashed.stop();
      expect(await restarted.get('interrupted')).toBeNull();
    });

    it('stop waits for the running job and then runs nothing more', async () => {
      const scheduler = await open();
      let release!: () => void;
      let finished = false;
      scheduler.start({
        t: async (job, context) => {
          calls.push({ job, context });
          await new Promise<void>((resolve) => (release = resolve));
          finished = true;
        },
      });
      await scheduler.schedule({ id: 'a', type: 't', runAt: T0, payload: null });
      await scheduler.schedule({ id: 'b', type: 't', runAt: new Date(T0.getTime() + 1), payload: null });
      await waitFor(() => expect(calls).toHaveLength(1));
      const stopping = scheduler.stop();
      release();
      await stopping;
      expect(finished).toBe(true);
      await settle();
      expect(calls).toHaveLength(1);
      expect(await scheduler.get('b')).toMatchObject({ status: 'pending' });
    });
  });
}

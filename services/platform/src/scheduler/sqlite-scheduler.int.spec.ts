import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runUntilKilled } from '../documents/testing/run-until';
import { schedulerContract } from './scheduler.contract';
import type { ScheduledJob } from './scheduler.port';
import { SqliteScheduler } from './sqlite-scheduler';

schedulerContract('sqlite', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'punkto-scheduler-'));
  const file = join(dir, 'scheduler.db');
  return {
    open: async ({ now }) => SqliteScheduler.open(file, { now, pollIntervalMs: 10 }),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});

describe('SqliteScheduler specifics', () => {
  let dir: string;
  let now: Date;
  const opened: SqliteScheduler[] = [];
  const open = (options: Parameters<typeof SqliteScheduler.open>[1] = {}) => {
    const scheduler = SqliteScheduler.open(join(dir, 'scheduler.db'), {
      now: () => now,
      pollIntervalMs: 10,
      ...options,
    });
    opened.push(scheduler);
    return scheduler;
  };
  const waitFor = (assertion: () => void | Promise<void>) =>
    vi.waitFor(assertion, { timeout: 5000, interval: 10 });

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'punkto-scheduler-'));
    now = new Date('2026-11-20T10:00:00Z');
  });
  afterEach(async () => {
    for (const scheduler of opened.splice(0)) await scheduler.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('backs off exponentially and keeps the job as failed after maxAttempts', async () => {
    const scheduler = open({ maxAttempts: 3, backoffBaseMs: 1000, backoffMaxMs: 3000 });
    const attempts: number[] = [];
    scheduler.start({
      boom: async (_job, { attempt }) => {
        attempts.push(attempt);
        throw new Error('nope');
      },
    });
    const t0 = now.getTime();
    await scheduler.schedule({ id: 'j', type: 'boom', runAt: now, payload: null });
    await waitFor(async () =>
      expect(await scheduler.get('j')).toMatchObject({ attempts: 1, runAt: new Date(t0 + 1000) }),
    );
    now = new Date(t0 + 1000);
    await waitFor(async () =>
      expect(await scheduler.get('j')).toMatchObject({ attempts: 2, runAt: new Date(t0 + 1000 + 2000) }),
    );
    now = new Date(t0 + 3000);
    await waitFor(async () =>
      expect(await scheduler.get('j')).toMatchObject({ attempts: 3, status: 'failed' }),
    );
    now = new Date(t0 + 1_000_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(attempts).toEqual([1, 2, 3]);
    // a failed job can be rescheduled under the same id, which resets it
    await scheduler.schedule({ id: 'j', type: 'boom', runAt: new Date(t0 + 2_000_000), payload: null });
    expect(await scheduler.get('j')).toMatchObject({ attempts: 0, status: 'pending' });
  });

  it('with exclusive: false, a job held by a live process is left alone until its lease expires', async () => {
    const holder = open({ leaseMs: 60_000 });
    let release!: () => void;
    const calls: Array<{ job: ScheduledJob; attempt: number }> = [];
    holder.start({
      t: (job, { attempt }) => {
        calls.push({ job, attempt });
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    await holder.schedule({ id: 'leased', type: 't', runAt: now, payload: null });
    await waitFor(() => expect(calls).toHaveLength(1));

    const other = open({ exclusive: false });
    other.start({ t: async (job, { attempt }) => void calls.push({ job, attempt }) });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toHaveLength(1); // lease still valid
    now = new Date(now.getTime() + 60_000);
    await waitFor(() => expect(calls.map((c) => c.attempt)).toEqual([1, 2]));
    release();
  });

  it('a replacement scheduled while the old run is in progress survives that run', async () => {
    const scheduler = open();
    let release!: () => void;
    const payloads: unknown[] = [];
    scheduler.start({
      t: (job) => {
        payloads.push(job.payload);
        return payloads.length === 1
          ? new Promise<void>((resolve) => (release = resolve))
          : Promise.resolve();
      },
    });
    await scheduler.schedule({ id: 'r', type: 't', runAt: now, payload: 'old' });
    await waitFor(() => expect(payloads).toEqual(['old']));
    await scheduler.schedule({ id: 'r', type: 't', runAt: now, payload: 'new' });
    release();
    await waitFor(() => expect(payloads).toEqual(['old', 'new']));
    await waitFor(async () => expect(await scheduler.get('r')).toBeNull());
  });

  it('rejects jobs without id or with an invalid date', async () => {
    const scheduler = open();
    await expect(scheduler.schedule({ id: '', type: 't', runAt: now, payload: null })).rejects.toThrow();
    await expect(
      scheduler.schedule({ id: 'x', type: 't', runAt: new Date('nonsense'), payload: null }),
    ).rejects.toThrow();
  });
});

describe('SqliteScheduler after SIGKILL', () => {
  it('runs again the job that was running when its process was killed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'punkto-scheduler-kill-'));
    const file = join(dir, 'scheduler.db');
    try {
      const fixture = fileURLToPath(new URL('./testing/hang-until-killed.fixture.ts', import.meta.url));
      await runUntilKilled(fixture, [file], (line) => line === 'started');
      const scheduler = SqliteScheduler.open(file, { pollIntervalMs: 10 });
      try {
        expect(await scheduler.get('interrupted')).toMatchObject({
          attempts: 1,
          status: 'pending',
          payload: { from: 'child' },
        });
        const attempts: number[] = [];
        scheduler.start({ t: async (_job, { attempt }) => void attempts.push(attempt) });
        await vi.waitFor(() => expect(attempts).toEqual([2]), { timeout: 5000, interval: 10 });
      } finally {
        await scheduler.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

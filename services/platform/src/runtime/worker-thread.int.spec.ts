/**
 * A module in a worker thread of the hosting process (worker-thread.ts, ADR 0028): the real host runs `core`
 * on the main thread and `edge` in a Worker (fixtures in testing/worker-thread/, from the sources through
 * tsx as `npm run dev` runs). The thread is validated up front like every module, the host resolves when it
 * listens, stops it first on SIGTERM, and a crash in it ends the whole process.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..', '..', '..');
const CORE = 18680;
const EDGE = 18681;
const kill: Array<() => void> = [];
afterAll(() => kill.forEach((k) => k()));

function host(env: NodeJS.ProcessEnv = {}) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'services/platform/src/testing/worker-thread/host.ts')],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        CORE_PORT: String(CORE),
        EDGE_PORT: String(EDGE),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  kill.push(() => child.exitCode === null && child.kill('SIGKILL'));
  let output = '';
  child.stdout!.on('data', (c) => (output += String(c)));
  child.stderr!.on('data', (c) => (output += String(c)));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const ready = async () => {
    for (let i = 0; i < 300 && !output.includes('fixture ready'); i++) {
      if (child.exitCode !== null) throw new Error(`host exited ${child.exitCode}: ${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(output).toContain('fixture ready');
  };
  return { child, exited, ready, output: () => output };
}

const thread = async (port: number, path = '/thread') =>
  (await (await fetch(`http://127.0.0.1:${port}${path}`)).json()) as { name: string; threadId: number };

describe('a module in a worker thread of the host', () => {
  it('runs on its own thread, ready when it listens, and stops first on SIGTERM', async () => {
    const run = host();
    await run.ready();
    // readiness is the module's own: the host said ready only once the thread listened
    expect((await thread(CORE)).threadId).toBe(0);
    const edge = await thread(EDGE);
    expect(edge.name).toBe('edge');
    expect(edge.threadId).toBeGreaterThan(0);
    expect(run.output()).toMatch(new RegExp(`"threads":\\{"edge":${edge.threadId}\\}`));

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    const out = run.output();
    expect(out).toContain(`edge stopped on thread ${edge.threadId}`);
    expect(out.indexOf('edge stopped')).toBeLessThan(out.indexOf('core stopped on thread 0'));
    expect(out).toContain('stopped cleanly');
  });

  it('validates the threaded module with the others on the main thread, starting nothing', async () => {
    const run = host({ EDGE_PORT: 'none', CORE_PORT: 'none' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/core: Invalid configuration:[\s\S]*edge: Invalid configuration/);
    expect(run.output()).not.toContain('stopped');
  });

  it('exits 1 when the thread fails to start, stopping the main thread’s modules', async () => {
    const run = host({ FAIL_START: 'edge' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('edge could not start');
    expect(run.output()).toContain('core stopped on thread 0');
  });

  it('spawned ahead (as the gateway is), it loads first and still starts only after validation, then runs the same way', async () => {
    const invalid = host({ SPAWN_EARLY: '1', CORE_PORT: 'none' });
    expect(await invalid.exited).toBe(1);
    expect(invalid.output()).toMatch(/core: Invalid configuration/);
    expect(invalid.output()).not.toContain('edge started'); // loaded, but never told to start

    const run = host({ SPAWN_EARLY: '1' });
    await run.ready();
    expect(run.output()).toContain('edge started');
    const edge = await thread(EDGE);
    expect(edge.threadId).toBeGreaterThan(0);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain(`edge stopped on thread ${edge.threadId}`);

    const failing = host({ SPAWN_EARLY: '1', FAIL_START: 'edge' });
    expect(await failing.exited).toBe(1);
    expect(failing.output()).toContain('edge could not start');
  });

  it('ends the whole process when the thread crashes after it started (never half running)', async () => {
    const run = host();
    await run.ready();
    await thread(EDGE, '/crash');
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('module thread crashed');
    expect(run.output()).toContain('edge crashed');
    await expect(fetch(`http://127.0.0.1:${CORE}/thread`)).rejects.toThrow();
  });
});

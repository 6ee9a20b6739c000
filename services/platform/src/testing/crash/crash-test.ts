/**
 * Crash test of the embedded pipeline: event store → relay → bus → deduping consumer, under SIGKILL.
 *
 *   node --import tsx services/platform/src/testing/crash/crash-test.ts [--rounds 8] [--keep]
 *
 * Each round starts crash-child.ts, which appends and prints every acknowledged append, and SIGKILLs it at
 * a random moment. A final clean run lets the relay and the consumer catch up. Then we check:
 *   1. every acknowledged append is in the event store (same stream, revision and event id);
 *   2. the bus carries every stored event at least once (the relay publishes each batch it reads in one bus
 *      transaction, then its checkpoint: a kill between the two republishes the whole batch);
 *   3. the deduping consumer applied every event exactly once, in revision order per aggregate.
 * Exit code 0 when all hold, 1 otherwise.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { EventEnvelope } from '@punkto/contracts/events';
import { SqliteEventStore } from '../../event-store/sqlite-event-store';
import { CRASH_STREAMS, CRASH_TOPIC, crashFiles } from './crash-scenario';

export interface CrashTestOptions {
  rounds?: number;
  /** longest time a child runs after READY before it is killed */
  maxKillDelayMs?: number;
  keepDir?: boolean;
  log?: (line: string) => void;
}

export interface CrashTestResult {
  ok: boolean;
  failures: string[];
  stats: Record<string, number>;
  dataDir: string;
}

const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'crash-child.ts');

export async function runCrashTest(options: CrashTestOptions = {}): Promise<CrashTestResult> {
  const rounds = options.rounds ?? 8;
  const maxKillDelayMs = options.maxKillDelayMs ?? 800;
  const log = options.log ?? (() => {});
  const dir = mkdtempSync(join(tmpdir(), 'punkto-crash-'));
  const acked = new Map<string, string>(); // `${stream}/${revision}` → event id
  const failures: string[] = [];
  const started = Date.now();
  let relayBatches = 0;
  let multiEventBatches = 0;
  let largestBatch = 0;

  try {
    for (let round = 1; round <= rounds; round++) {
      const child = startChild(dir, 'work');
      const lines = collectLines(child);
      await lines.waitFor('READY', 15_000);
      const delay = Math.floor(Math.random() * maxKillDelayMs);
      await sleep(delay);
      child.kill('SIGKILL');
      await exited(child);
      let count = 0;
      for (const line of lines.all) {
        if (line.startsWith('BATCH ')) {
          const size = Number(line.slice(6));
          relayBatches++;
          if (size > 1) multiEventBatches++;
          largestBatch = Math.max(largestBatch, size);
          continue;
        }
        const [tag, stream, revision, id] = line.split(' ');
        if (tag !== 'ACK' || !stream || !revision || !id) continue;
        const key = `${stream}/${revision}`;
        const earlier = acked.get(key);
        if (earlier && earlier !== id)
          failures.push(`${key} acknowledged twice with different ids (${earlier}, ${id})`);
        acked.set(key, id);
        count++;
      }
      log(`round ${round}/${rounds}: killed after ${delay} ms, ${count} acknowledged appends`);
    }

    const drain = startChild(dir, 'drain');
    const lines = collectLines(drain);
    const code = await exited(drain, 45_000);
    if (code !== 0 || !lines.all.includes('DRAINED')) {
      failures.push(`final clean run failed (exit ${String(code)}): ${lines.stderr.slice(-2000)}`);
    }
    log('final clean run: drained');

    const stats = await verify(dir, acked, failures);
    // the relay publishes what one read of the store found in one bus transaction: the kills must have had
    // batches of several events to cut through, or this run did not test batching
    if (multiEventBatches === 0)
      failures.push(`no relay batch had more than one event (${relayBatches} batches)`);
    Object.assign(stats, { relayBatches, multiEventBatches, largestBatch });
    stats.rounds = rounds;
    stats.elapsedMs = Date.now() - started;
    return { ok: failures.length === 0, failures, stats, dataDir: dir };
  } finally {
    if (!options.keepDir) rmSync(dir, { recursive: true, force: true });
  }
}

async function verify(
  dir: string,
  acked: Map<string, string>,
  failures: string[],
): Promise<Record<string, number>> {
  const files = crashFiles(dir);
  const fail = (msg: string) => failures.length < 50 && failures.push(msg);

  // 1. acknowledged appends are in the store
  const store = SqliteEventStore.open(files.events);
  const stored = new Map<string, { id: string; n: number }>();
  for (const stream of CRASH_STREAMS) {
    for (const e of await store.readStream(stream))
      stored.set(`${stream}/${e.revision}`, { id: e.id, n: (e.data as { n: number }).n });
  }
  await store.close();
  for (const [key, id] of acked) {
    const found = stored.get(key);
    if (!found) fail(`acknowledged ${key} (${id}) is missing from the event store`);
    else if (found.id !== id) fail(`acknowledged ${key} has id ${found.id} in the store, expected ${id}`);
  }
  const storedIds = new Set([...stored.values()].map((e) => e.id));

  // 2. the bus carries every stored event at least once
  const bus = new Database(files.bus, { readonly: true });
  const published = bus
    .prepare<[string], { value: string }>('SELECT value FROM messages WHERE topic = ? ORDER BY "offset"')
    .all(CRASH_TOPIC)
    .map((row) => (JSON.parse(row.value) as EventEnvelope).id);
  bus.close();
  const publishedIds = new Set(published);
  for (const id of storedIds) if (!publishedIds.has(id)) fail(`event ${id} never reached the bus`);

  // 3. the deduping consumer applied every event exactly once, in order per aggregate
  const consumer = new Database(files.consumer, { readonly: true });
  const effects = consumer
    .prepare<[], { event_id: string; aggregate_id: string; n: number }>(
      'SELECT event_id, aggregate_id, n FROM effects ORDER BY seq',
    )
    .all();
  const deliveries =
    consumer.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM deliveries').get()?.n ?? 0;
  consumer.close();
  const applied = new Map<string, number>();
  const nextN = new Map<string, number>();
  for (const e of effects) {
    applied.set(e.event_id, (applied.get(e.event_id) ?? 0) + 1);
    const expected = nextN.get(e.aggregate_id) ?? 0;
    if (e.n !== expected) fail(`consumer applied ${e.aggregate_id} #${e.n} when #${expected} was next`);
    nextN.set(e.aggregate_id, e.n + 1);
  }
  for (const id of storedIds) {
    const times = applied.get(id) ?? 0;
    if (times !== 1) fail(`consumer applied event ${id} ${times} times`);
  }
  for (const id of applied.keys()) if (!storedIds.has(id)) fail(`consumer applied unknown event ${id}`);

  return {
    acknowledgedAppends: acked.size,
    storedEvents: stored.size,
    committedButUnacknowledged: stored.size - acked.size,
    busMessages: published.length,
    busDuplicates: published.length - publishedIds.size,
    consumerDeliveries: deliveries,
    duplicatesSuppressed: deliveries - effects.length,
    effects: effects.length,
  };
}

function startChild(dir: string, mode: 'work' | 'drain'): ChildProcess {
  // cwd = this folder, so `--import tsx` resolves from the workspace's node_modules wherever we run from
  return spawn(process.execPath, ['--import', 'tsx', CHILD, dir, mode], {
    cwd: dirname(CHILD),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Complete stdout lines only: a line cut short by SIGKILL was never acknowledged. */
export function collectLines(child: ChildProcess) {
  const state = { all: [] as string[], stderr: '', waitFor };
  let partial = '';
  const listeners = new Set<() => void>();
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    state.all.push(...parts);
    for (const l of listeners) l();
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    state.stderr += chunk;
  });
  function waitFor(line: string, timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!state.all.includes(line)) return;
        cleanup();
        resolve();
      };
      const onExit = () => {
        cleanup();
        reject(new Error(`child exited before printing ${line}: ${state.stderr.slice(-2000)}`));
      };
      const timer = setTimeout(() => {
        cleanup();
        child.kill('SIGKILL');
        reject(new Error(`child did not print ${line} within ${timeoutMs} ms: ${state.stderr.slice(-2000)}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        listeners.delete(check);
        child.off('exit', onExit);
      };
      listeners.add(check);
      child.on('exit', onExit);
      check();
    });
  }
  return state;
}

export function exited(child: ChildProcess, timeoutMs = 15_000): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    // 'close' (not 'exit'): stdout has been fully read by then
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function cli(): Promise<void> {
  const args = process.argv.slice(2);
  const roundsArg = args.indexOf('--rounds');
  const rounds = roundsArg >= 0 ? Number(args[roundsArg + 1]) : 8;
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be a positive integer');
  const result = await runCrashTest({ rounds, keepDir: args.includes('--keep'), log: (l) => console.log(l) });
  console.log('\n=== crash test summary ===');
  for (const [name, value] of Object.entries(result.stats)) console.log(`${name.padEnd(28)} ${value}`);
  if (result.ok) {
    console.log('PASS: acknowledged appends durable, bus at-least-once, consumer exactly-once');
  } else {
    console.log(`FAIL (${result.failures.length} problems):`);
    for (const f of result.failures) console.log(`  - ${f}`);
  }
  if (args.includes('--keep')) console.log(`data kept in ${result.dataDir}`);
  process.exitCode = result.ok ? 0 : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  cli().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}

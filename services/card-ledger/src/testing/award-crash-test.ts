/**
 * Crash test of the group-committed award path (ADR 0029), part of `npm run test:crash`:
 *
 *   node --import tsx services/card-ledger/src/testing/award-crash-test.ts [--rounds 6] [--keep]
 *
 * Each round starts award-crash-child.ts (the card ledger's real app on the embedded adapters, 16 employees
 * awarding points concurrently through HTTP) and SIGKILLs it at a random moment. After every kill, BEFORE
 * anything restarts (so the background projector cannot mend anything), the file must hold no half-applied
 * award:
 *   1. every acknowledged award (a 200 the client read) is there exactly once (its commandId, from the user and
 *      the Idempotency-Key, on exactly one event);
 *   2. every award event has its stored answer (`idempotency_keys`, state done), its history entry and the card
 *      document at or past its revision — and every stored answer has its event.
 * Finally the service restarts and every acknowledged award is sent again with its key: each must be replayed
 * (Idempotent-Replayed), and still be there exactly once. Exit code 0 when all hold, 1 otherwise.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { collectLines, exited } from '@punkto/platform/testing/crash/crash-test';
import { CARD_STREAM_PREFIX } from '../cards/card';
import { activityIdOf } from '../cards/cards.projection';
import { commandIdOf } from '../cards/idempotency';

const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'award-crash-child.ts');

export async function runAwardCrashTest(options: {
  rounds?: number;
  keepDir?: boolean;
  log?: (l: string) => void;
}) {
  const rounds = options.rounds ?? 6;
  const log = options.log ?? (() => {});
  const dir = mkdtempSync(join(tmpdir(), 'punkto-award-crash-'));
  const acked = new Map<string, string>(); // commandId → `${userId} ${key} ${cardId}`
  const failures: string[] = [];
  const fail = (msg: string) => failures.length < 50 && failures.push(msg);
  let unacknowledgedCommitted = 0;
  try {
    for (let round = 1; round <= rounds; round++) {
      const child = startChild(dir, 'work');
      const lines = collectLines(child);
      await lines.waitFor('READY', 120_000);
      const delay = 300 + Math.floor(Math.random() * 1500);
      await sleep(delay);
      child.kill('SIGKILL');
      await exited(child);
      let count = 0;
      for (const line of lines.all) {
        const [tag, userId, key, cardId] = line.split(' ');
        if (tag !== 'ACK' || !userId || !key || !cardId) continue;
        acked.set(commandIdOf(userId, key), `${userId} ${key} ${cardId}`);
        count++;
      }
      const check = checkFile(dir, acked, fail);
      unacknowledgedCommitted = check.awards - acked.size;
      log(
        `round ${round}/${rounds}: killed after ${delay} ms, ${count} acknowledged awards; the file holds ${check.awards} awards, none half-applied: ${failures.length === 0}`,
      );
    }

    // restart: every acknowledged award again with its key → replayed, nothing applied twice
    writeFileSync(join(dir, 'acked.txt'), [...acked.values()].join('\n') + '\n');
    const replay = startChild(dir, 'replay');
    const lines = collectLines(replay);
    const code = await exited(replay, 180_000);
    const replayedLine = lines.all.find((l) => l.startsWith('REPLAYED '));
    const replayed = Number(replayedLine?.split(' ')[1] ?? -1);
    if (code !== 0 || !lines.all.includes('DONE'))
      fail(`the restart failed (exit ${String(code)}): ${lines.stderr.slice(-2000)}`);
    for (const line of lines.all.filter((l) => l.startsWith('NOT_REPLAYED')).slice(0, 10)) fail(line);
    if (replayed !== acked.size)
      fail(`${replayed} of ${acked.size} acknowledged awards replayed after restart`);
    const after = checkFile(dir, acked, fail);
    log(
      `restart: ${replayed} of ${acked.size} acknowledged awards replayed; ${after.awards} awards in the file`,
    );
    return {
      ok: failures.length === 0,
      failures,
      stats: {
        rounds,
        acknowledged: acked.size,
        awardsInFile: after.awards,
        unacknowledgedCommitted,
        replayed,
      },
      dataDir: dir,
    };
  } finally {
    if (!options.keepDir) rmSync(dir, { recursive: true, force: true });
  }
}

/** The invariants of the file as SIGKILL left it (opening it recovers the WAL, as a restart would). */
function checkFile(dir: string, acked: Map<string, string>, fail: (msg: string) => void) {
  const db = new Database(join(dir, 'card-ledger', 'events.db'));
  try {
    const events = db
      .prepare<{ prefix: string }, { stream_id: string; revision: number; command_id: string | null }>(
        `SELECT stream_id, revision, json_extract(data, '$.commandId') AS command_id FROM events
         WHERE substr(stream_id, 1, length(@prefix)) = @prefix AND type IN ('PointsEarned', 'StampsAdded')`,
      )
      .all({ prefix: CARD_STREAM_PREFIX });
    const keys = new Map(
      db
        .prepare<[], { _id: string; doc: string }>('SELECT _id, doc FROM idempotency_keys')
        .all()
        .map((row) => [row._id, JSON.parse(row.doc) as { state: string; outcome: { kind: string } | null }]),
    );
    const activity = db.prepare<[string], { n: number }>('SELECT 1 AS n FROM card_activity WHERE _id = ?');
    const card = db.prepare<[string], { doc: string }>('SELECT doc FROM cards WHERE _id = ?');
    const byCommand = new Map<string, number>();
    for (const e of events) {
      if (!e.command_id) continue;
      byCommand.set(e.command_id, (byCommand.get(e.command_id) ?? 0) + 1);
      const cardId = e.stream_id.slice(CARD_STREAM_PREFIX.length);
      const where = `${e.stream_id}@${e.revision} (${e.command_id})`;
      if (keys.get(e.command_id)?.state !== 'done') fail(`award ${where} has no stored answer`);
      if (!activity.get(activityIdOf(cardId, e.revision))) fail(`award ${where} has no history entry`);
      const projected = card.get(cardId);
      const lastRevision = projected
        ? (JSON.parse(projected.doc) as { lastRevision: number }).lastRevision
        : -1;
      if (lastRevision < e.revision) fail(`award ${where}: the card document is at revision ${lastRevision}`);
    }
    for (const [commandId, times] of byCommand)
      if (times !== 1) fail(`command ${commandId} took effect ${times} times`);
    for (const [commandId, doc] of keys)
      if (doc.state === 'done' && doc.outcome?.kind === 'ok' && !byCommand.has(commandId))
        fail(`stored answer ${commandId} without its award`);
    for (const [commandId, request] of acked)
      if (!byCommand.has(commandId)) fail(`acknowledged award ${request} (${commandId}) is missing`);
    return { awards: byCommand.size };
  } finally {
    db.close();
  }
}

function startChild(dir: string, mode: 'work' | 'replay'): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', CHILD, dir, mode], {
    cwd: dirname(CHILD),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function cli(): Promise<void> {
  const args = process.argv.slice(2);
  const roundsArg = args.indexOf('--rounds');
  const rounds = roundsArg >= 0 ? Number(args[roundsArg + 1]) : 6;
  const result = await runAwardCrashTest({
    rounds,
    keepDir: args.includes('--keep'),
    log: (l) => console.log(l),
  });
  console.log('\n=== award crash test summary ===');
  for (const [name, value] of Object.entries(result.stats)) console.log(`${name.padEnd(28)} ${value}`);
  if (result.ok)
    console.log('PASS: acknowledged awards present exactly once, none half-applied, replayed after restart');
  else {
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

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { infraAddress } from '../../services/platform/src/testing/infra-env';
import { SMOKE_STREAMS, type CounterDoc } from './smoke/smoke-service';

/**
 * Distributed smoke test: two service processes that share nothing but Kafka and a MongoDB-wire server
 * (their event stores are their own SQLite files, as EventStoreDB cannot run here). The producer's events
 * travel event store → relay → Kafka → the consumer's group → a read model in MongoDB. Midway the consumer
 * is SIGKILLed and restarted: every event must still end up in the read model exactly once (deliveries may
 * repeat; the read model dedupes by event id with revision-checked writes).
 */
const here = dirname(fileURLToPath(import.meta.url));
const SERVICE = join(here, 'smoke', 'smoke-service.ts');
const EVENTS = 120;

const kafka = infraAddress('KAFKA_BROKERS');
const mongo = infraAddress('MONGODB_URL');
const missing = 'skipped' in kafka ? kafka.skipped : 'skipped' in mongo ? mongo.skipped : undefined;

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

function start(mode: string, env: NodeJS.ProcessEnv, args: string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVICE, mode, ...args], {
    cwd: here,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const lines: string[] = [];
  let stderr = '';
  createInterface({ input: child.stdout! }).on('line', (line) => lines.push(line));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, lines, stderr: () => stderr, exited };
}

async function waitFor(what: string, condition: () => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

(missing ? describe.skip : describe)(
  `distributed smoke: Kafka + MongoDB-wire, SIGKILL of a consumer${missing ? ` — SKIPPED: ${missing}` : ''}`,
  () => {
    it('an event raised in one process reaches another through Kafka and its read model, across a SIGKILL', async () => {
      if (!('address' in kafka) || !('address' in mongo)) return;
      const dataDir = await mkdtemp(join(tmpdir(), 'punkto-smoke-'));
      const run = `smoke${Date.now().toString(36)}`;
      const env = {
        ...process.env,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        BUS_ADAPTER: 'kafka',
        KAFKA_BROKERS: kafka.address,
        KAFKA_PARTITIONS: '3',
        DOCUMENT_STORE_ADAPTER: 'mongodb',
        MONGODB_URL: mongo.address,
        EVENT_STORE_ADAPTER: 'sqlite',
        SMOKE_RUN: run, // topic and group of this run
      };
      const client = await MongoClient.connect(mongo.address);
      try {
        for (const db of ['punkto_smoke-producer', 'punkto_smoke-consumer'])
          await client.db(db).dropDatabase();

        const consumer1 = start('consumer', env);
        await waitFor('consumer 1 ready', () => consumer1.lines.includes('READY'));
        const producer = start('producer', env, [String(EVENTS)]);
        const handled1 = () => consumer1.lines.filter((l) => l.startsWith('HANDLED')).length;
        await waitFor('first deliveries', () => handled1() >= 20, 90_000);

        consumer1.child.kill('SIGKILL'); // mid-stream: the producer keeps appending and publishing
        await consumer1.exited;
        const handledBeforeKill = handled1();

        const consumer2 = start('consumer', env);
        await waitFor(
          'producer published everything',
          () => producer.lines.includes(`PUBLISHED ${EVENTS}`),
          120_000,
        );
        expect(await producer.exited).toBe(0);

        const counters = client.db('punkto_smoke-consumer').collection<CounterDoc>('counters');
        const applied = async () =>
          (await counters.find({}).toArray()).reduce((sum, doc) => sum + doc.eventIds.length, 0);
        const deadline = Date.now() + 90_000;
        while ((await applied()) < EVENTS && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 200));

        const docs = await counters.find({}).sort({ _id: 1 }).toArray();
        const ids = docs.flatMap((d) => d.eventIds);
        expect(ids).toHaveLength(EVENTS); // nothing lost …
        expect(new Set(ids).size).toBe(EVENTS); // … nothing applied twice
        expect(docs.map((d) => d._id)).toEqual(SMOKE_STREAMS);
        for (const doc of docs) expect(doc.eventIds).toHaveLength(EVENTS / SMOKE_STREAMS.length);
        const handled2 = consumer2.lines.filter((l) => l.startsWith('HANDLED')).length;
        console.log(
          `smoke: ${EVENTS} events; consumer 1 handled ${handledBeforeKill} before SIGKILL, consumer 2 handled ${handled2} (redeliveries: ${handledBeforeKill + handled2 - EVENTS})`,
        );
        consumer2.child.kill('SIGTERM');
        await consumer2.exited;
      } finally {
        await client.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    }, 300_000);
  },
);

/**
 * One "service" process of the distributed smoke test (distributed-smoke.infra.spec.ts). There is no real
 * cross-service flow yet, so this is a miniature service built ONLY from platform pieces, with its
 * adapters picked by `openInfrastructure` from the environment exactly as a real service's (BUS_ADAPTER=kafka,
 * DOCUMENT_STORE_ADAPTER=mongodb, EVENT_STORE_ADAPTER=sqlite):
 *
 *   node --import tsx smoke-service.ts producer <count>
 *     appends <count> `SmokeCounted` events to streams `smoketest-<a|b|c|d>` (its own SQLite event store),
 *     while its event relay forwards them to Kafka (relay checkpoint in MongoDB); prints `PUBLISHED <n>`
 *     when the relay has published everything, then exits.
 *   node --import tsx smoke-service.ts consumer
 *     consumes the topic in a consumer group and keeps a read model in MongoDB: one document per stream
 *     with the handled event ids, updated with a revision check (dedupe by event id, no transactions);
 *     prints `HANDLED <eventId>` after each committed update. Runs until killed.
 */
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { EventEnvelope } from '@punkto/contracts/events';
import { loadConfig, platformEnv } from '@punkto/platform/config/config';
import { ConcurrencyError } from '@punkto/platform/errors/errors';
import { createLogger } from '@punkto/platform/observability/logger';
import { startEventRelay } from '@punkto/platform/relay/event-relay';
import { openInfrastructure } from '@punkto/platform/runtime/infrastructure';

/** per test run (SMOKE_RUN), so a shared, long-lived broker never mixes runs */
const RUN = process.env.SMOKE_RUN ?? 'default';
const SMOKE_TOPIC = `smoketest.${RUN}.counted.v1`;
const SMOKE_GROUP = `smoketest-${RUN}-read-model`;
export const SMOKE_STREAMS = ['a', 'b', 'c', 'd'];
export type CounterDoc = { _id: string; eventIds: string[] };

const say = (line: string) => process.stdout.write(`${line}\n`);

async function producer(count: number): Promise<void> {
  const config = loadConfig(z.object(platformEnv));
  const logger = createLogger('smoke-producer', 'warn');
  const infra = await openInfrastructure('smoke-producer', config, logger);
  const relay = startEventRelay({
    eventStore: infra.eventStore,
    bus: infra.bus,
    checkpoints: infra.checkpoints,
    routes: [{ streamPrefix: 'smoketest-', topic: SMOKE_TOPIC }],
    logger,
    name: 'smoke-relay',
    retryBackoffMs: 100,
  });
  say('READY');
  let last = '';
  for (let i = 0; i < count; i++) {
    const stream = `smoketest-${SMOKE_STREAMS[i % SMOKE_STREAMS.length]}`;
    const result = await infra.eventStore.appendToStream(stream, [
      { id: uuidv7(), type: 'SmokeCounted', data: { n: i }, metadata: { tenantId: 'smoke' } },
    ]);
    last = result.position;
    await new Promise((resolve) => setTimeout(resolve, 25)); // a steady trickle while the consumer dies
  }
  // published = the relay's checkpoint (kept in MongoDB) reached the last appended position
  while ((await infra.checkpoints.load('smoke-relay')) !== last) await new Promise((r) => setTimeout(r, 50));
  say(`PUBLISHED ${count}`);
  await relay.stop();
  await infra.close();
}

async function consumer(): Promise<void> {
  const config = loadConfig(z.object(platformEnv));
  const logger = createLogger('smoke-consumer', 'warn');
  const infra = await openInfrastructure('smoke-consumer', config, logger);
  const counters = infra.documents.collection<CounterDoc>('counters');
  await infra.bus.subscribe({
    groupId: SMOKE_GROUP,
    topics: [SMOKE_TOPIC],
    handler: async (message) => {
      const envelope = message.value as EventEnvelope<{ n: number }>;
      for (;;) {
        const current = await counters.get(envelope.aggregateId);
        if (current?.eventIds.includes(envelope.id)) break; // redelivery: already applied
        const next = { _id: envelope.aggregateId, eventIds: [...(current?.eventIds ?? []), envelope.id] };
        try {
          if (current) await counters.update(next, { expectedRevision: current._rev });
          else await counters.insert(next);
          break;
        } catch (error) {
          if (
            !(error instanceof ConcurrencyError) &&
            !(error as { code?: string }).code?.includes('DUPLICATE')
          )
            throw error;
        }
      }
      say(`HANDLED ${envelope.id}`);
    },
  });
  say('READY');
}

if (process.argv[1]?.endsWith('smoke-service.ts')) {
  // never outlive the test process (e.g. when the runner is interrupted before its afterAll ran)
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && process.exit(1), 500).unref();
  const [mode, arg] = process.argv.slice(2);
  const run =
    mode === 'producer' ? producer(Number(arg ?? 50)) : mode === 'consumer' ? consumer() : undefined;
  if (!run) {
    process.stderr.write('usage: smoke-service.ts producer <count> | consumer\n');
    process.exit(2);
  }
  run.catch((error: unknown) => {
    process.stderr.write(
      `smoke-service ${mode} failed: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exit(1);
  });
}

// Child of `npm run bench -- cross-service` (scripts/bench/run-modes.ts): a process hosted by the real
// runtime host (runtime/host.ts) with the card ledger and/or an observer module — another service's consumer
// of the card ledger's events, on its own connection to the shared bus file, as every service has one.
// Usage: run-modes-host.ts <card-ledger|observer|card-ledger,observer>   (environment as for the card ledger)
// The observer prints `SEEN <wall-clock ms> <the event's occurredAt, ms>` for each award (PointsEarned) it handles.
import { Topics } from '../../contracts/src/topics';
import { SqliteMessageBus } from '../../services/platform/src/bus/sqlite-message-bus';
import { hostModules, type HostedModule } from '../../services/platform/src/runtime/host';
import { startConsumer } from '../../services/platform/src/runtime/run-service';
import { cardLedgerModule } from '../../services/card-ledger/src/module';
import { join } from 'node:path';

const observer: HostedModule = {
  name: 'observer',
  configure: (env) => ({
    settings: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      TRACING_EXPORTER: 'none',
      TRACING_SAMPLE_RATIO: 1,
    },
    start: async () => {
      const bus = SqliteMessageBus.open(join(env.DATA_DIR!, 'bus.db'), { logger: console });
      const consumer = await startConsumer(bus, {
        groupId: 'bench-observer',
        topics: [Topics.cardLedgerCards],
        handler: async (message) => {
          if (message.headers['event-type'] === 'PointsEarned') {
            const occurredAt = Date.parse((message.value as { occurredAt: string }).occurredAt);
            process.stdout.write(`SEEN ${performance.timeOrigin + performance.now()} ${occurredAt}\n`);
          }
        },
      });
      process.stdout.write('OBSERVING\n');
      return {
        name: 'observer',
        stop: async () => {
          await consumer.stop();
          await bus.close();
        },
      };
    },
  }),
};

const available: Record<string, HostedModule> = { 'card-ledger': cardLedgerModule, observer };
const names = (process.argv[2] ?? '').split(',').filter(Boolean);
await hostModules({
  processName: names.join('+'),
  modules: names.map((name) => ({ module: available[name]!, env: process.env })),
});

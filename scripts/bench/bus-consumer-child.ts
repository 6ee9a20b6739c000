// Child of the bus benchmark: a consumer in ANOTHER process (as services are under `npm start`); it reports
// each message's publish→handle latency, measured on the shared wall clock (performance.timeOrigin + now).
// Usage: bus-consumer-child.ts <sqlite|kafka> <bus file | brokers> <topic> <count>
// Messages with `warmup: true` are not measured; the first one prints WARM (the consumer is receiving).
import type { MessageBus } from '../../services/platform/src/bus/message-bus.port';
import { SqliteMessageBus } from '../../services/platform/src/bus/sqlite-message-bus';
import { KafkaMessageBus } from '../../services/platform/src/bus/kafka-message-bus';

const [engine, address, topic, countText] = process.argv.slice(2);
const count = Number(countText);
const bus: MessageBus =
  engine === 'kafka'
    ? await KafkaMessageBus.open({ brokers: address!.split(','), clientId: 'punkto-bench-child' })
    : SqliteMessageBus.open(address!);
const latencies: number[] = [];
let warm = false;
const consumer = await bus.subscribe({
  groupId: `bench-remote-${engine}`,
  topics: [topic!],
  fromBeginning: false,
  handler: async (message) => {
    const value = message.value as { sentAt: number; warmup?: boolean };
    if (value.warmup) {
      if (!warm) process.stdout.write('WARM\n');
      warm = true;
      return;
    }
    latencies.push(performance.timeOrigin + performance.now() - value.sentAt);
    if (latencies.length === count) {
      process.stdout.write(JSON.stringify(latencies) + '\n');
      setImmediate(async () => {
        await consumer.stop();
        await bus.close();
        process.exit(0);
      });
    }
  },
});
process.stdout.write('READY\n');

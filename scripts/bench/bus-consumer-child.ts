// Child of the bus benchmark: a consumer in ANOTHER process (as services are under `npm start`); it reports
// each message's publish→handle latency, measured on the shared wall clock (performance.timeOrigin + now).
import { SqliteMessageBus } from '../../services/platform/src/bus/sqlite-message-bus';

const [file, topic, countText] = process.argv.slice(2);
const count = Number(countText);
const bus = SqliteMessageBus.open(file!);
const latencies: number[] = [];
const consumer = await bus.subscribe({
  groupId: 'bench-remote',
  topics: [topic!],
  handler: async (message) => {
    latencies.push(performance.timeOrigin + performance.now() - (message.value as { sentAt: number }).sentAt);
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

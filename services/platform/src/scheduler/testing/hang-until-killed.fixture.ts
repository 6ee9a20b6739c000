/** Child process for the crash test: schedules a job, starts it with a handler that never ends, says so. */
import { SqliteScheduler } from '../sqlite-scheduler';

const scheduler = SqliteScheduler.open(process.argv[2]!, { pollIntervalMs: 10 });
scheduler.start({
  t: async () => {
    process.stdout.write('started\n');
    await new Promise(() => undefined);
  },
});
await scheduler.schedule({ id: 'interrupted', type: 't', runAt: new Date(), payload: { from: 'child' } });

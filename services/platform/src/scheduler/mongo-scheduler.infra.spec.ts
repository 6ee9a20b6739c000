import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { withInfra } from '../testing/infra-env';
import { MongoScheduler } from './mongo-scheduler';
import { schedulerContract } from './scheduler.contract';

// The SAME contract as the SQLite scheduler, against a MongoDB-wire server: several instances on one database
// stand for a process that died and the one after it (or for two replicas). Each test gets a fresh database.
withInfra('MONGODB_URL', 'Scheduler contract: mongodb', (url) => {
  schedulerContract('mongodb', async () => {
    const database = `punkto_scheduler_${randomUUID().slice(0, 8)}`;
    return {
      open: ({ now }) => MongoScheduler.open({ url, database, now, pollIntervalMs: 10 }),
      cleanup: async () => {
        const client = await MongoClient.connect(url);
        await client.db(database).dropDatabase();
        await client.close();
      },
    };
  });
});

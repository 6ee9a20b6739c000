import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { MongoDocumentStore } from '../documents/mongo-document-store';
import { withInfra } from '../testing/infra-env';
import { durableRateLimitStore } from './rate-limit-store';
import { rateLimitStoreContract } from './rate-limit-store.contract';

// The SAME contract as the memory and SQLite stores, against a MongoDB-wire server (a fresh database each test).
withInfra('MONGODB_URL', 'RateLimitStore contract: mongodb', (url) => {
  rateLimitStoreContract('mongodb', async () => {
    const database = `punkto_rate_limits_${randomUUID().slice(0, 8)}`;
    const opened: MongoDocumentStore[] = [];
    const open = async () => {
      const documents = await MongoDocumentStore.open({ url, database });
      opened.push(documents);
      return durableRateLimitStore(documents);
    };
    return {
      open,
      reopen: open,
      cleanup: async () => {
        const client = await MongoClient.connect(url);
        await client.db(database).dropDatabase();
        await client.close();
        for (const documents of opened) await documents.close();
      },
    };
  });
});

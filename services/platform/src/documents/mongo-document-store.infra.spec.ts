import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { withInfra } from '../testing/infra-env';
import { documentStoreContract } from './document-store.contract';
import { MongoDocumentStore } from './mongo-document-store';

// The SAME contract as the SQLite document store, against a MongoDB-wire server; every test gets a fresh
// database that cleanup drops.
withInfra('MONGODB_URL', 'DocumentStore contract: mongodb', (url) => {
  documentStoreContract('mongodb', async () => {
    const database = `punkto_contract_${randomUUID().slice(0, 8)}`;
    return {
      open: () => MongoDocumentStore.open({ url, database }),
      cleanup: async () => {
        const client = await MongoClient.connect(url);
        await client.db(database).dropDatabase();
        await client.close();
      },
    };
  });
});

import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { withInfra } from '../testing/infra-env';
import { blobStoreContract } from './blob-store.contract';
import { GridFsBlobStore } from './gridfs-blob-store';

withInfra('MONGODB_URL', 'BlobStore contract: gridfs', (url) => {
  blobStoreContract('gridfs', async () => {
    const database = `punkto_blobs_${randomUUID().slice(0, 8)}`;
    return {
      open: () => GridFsBlobStore.open({ url, database }),
      cleanup: async () => {
        const client = await MongoClient.connect(url);
        await client.db(database).dropDatabase();
        await client.close();
      },
    };
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDocumentStore } from '../documents/sqlite-document-store';
import { documentRateLimitStore } from './document-rate-limit-store';
import { durableRateLimitStore, memoryRateLimitStore, type RateLimitStore } from './rate-limit-store';
import { rateLimitStoreContract, type RateLimitStoreHarness } from './rate-limit-store.contract';

/** a store on a SQLite document store in a fresh directory; reopen() closes the first and opens the file again */
function onSqliteDocuments(adapter: (documents: SqliteDocumentStore) => RateLimitStore) {
  return async (): Promise<RateLimitStoreHarness> => {
    const dir = mkdtempSync(join(tmpdir(), 'punkto-rate-limits-'));
    const opened: SqliteDocumentStore[] = [];
    const open = async () => {
      const documents = SqliteDocumentStore.open(join(dir, 'documents.sqlite'));
      opened.push(documents);
      return adapter(documents);
    };
    return {
      open,
      reopen: async () => {
        await opened[0]!.close();
        return open();
      },
      cleanup: async () => {
        for (const documents of opened) await documents.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  };
}

rateLimitStoreContract('memory', async () => ({ open: async () => memoryRateLimitStore() }));

// the durable store beside the documents: the document store's own SQLite file
rateLimitStoreContract('sqlite', onSqliteDocuments(durableRateLimitStore));

// the MongoDB-wire adapter's counting (revision-checked counters in the document store), run here on the SQLite
// document store so every `npm test` proves it; rate-limit-store.infra.spec.ts runs it on a MongoDB-wire server
rateLimitStoreContract('document counters', onSqliteDocuments(documentRateLimitStore));

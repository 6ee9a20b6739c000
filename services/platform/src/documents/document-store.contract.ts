import { afterEach, beforeEach, describe } from 'vitest';
import type { DocumentStore } from './document-store.port';
import { indexedQueriesContract } from './document-store-indexes.contract';
import { queriesContract } from './document-store-queries.contract';
import { writesContract } from './document-store-writes.contract';

/**
 * The ONE contract every DocumentStore adapter passes (SQLite now, MongoDB later). It uses only the port.
 * `harness()` is called before each test and must give a fresh, empty store location; `open()` may be
 * called several times on it (close + open = restart).
 */
export interface DocumentStoreHarness {
  open(): Promise<DocumentStore>;
  cleanup(): Promise<void>;
}

export function documentStoreContract(
  adapterName: string,
  harness: () => Promise<DocumentStoreHarness>,
): void {
  describe(`DocumentStore contract: ${adapterName}`, () => {
    let env: DocumentStoreHarness;
    let open: DocumentStore[];
    const t = {
      store: undefined as unknown as DocumentStore,
      reopen,
      forget: (closed: DocumentStore) => {
        open = open.filter((s) => s !== closed);
      },
    };

    beforeEach(async () => {
      env = await harness();
      open = [];
      t.store = await reopen();
    });

    afterEach(async () => {
      for (const s of open) await s.close();
      await env.cleanup();
    });

    async function reopen(): Promise<DocumentStore> {
      const s = await env.open();
      open.push(s);
      return s;
    }

    writesContract(t);
    queriesContract(t);
    indexedQueriesContract(t);
  });
}

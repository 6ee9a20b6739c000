import { retryLostRace } from '../errors/lost-race';
import type { Collection, Stored } from './document-store.port';

/** Returned by a change function that leaves the document as it is. */
export const UNCHANGED = Symbol('unchanged');

/**
 * Read → change → revision-checked write of ONE document, retried when another writer got there first
 * (the document store's optimistic `_rev`). `change` must be pure: it may run several times. Returning
 * null deletes the document. Resolves with the document as written (or as found, when unchanged).
 */
export async function mutateDocument<T extends { _id: string }>(
  collection: Collection<T>,
  id: string,
  change: (current: Stored<T> | null) => T | null | typeof UNCHANGED,
  maxAttempts = 50,
): Promise<Stored<T> | null> {
  return retryLostRace(
    async () => {
      const current = await collection.get(id);
      const next = change(current);
      if (next === UNCHANGED) return current;
      if (next === null) {
        if (current) await collection.delete(id, { expectedRevision: current._rev });
        return null;
      }
      return current
        ? await collection.update(next, { expectedRevision: current._rev })
        : await collection.insert(next);
    },
    { maxAttempts },
  );
}

import { isLostRace, retryLostRace, retryQueues } from '../errors/lost-race';
import type { Collection, Stored } from './document-store.port';

/** Returned by a change function that leaves the document as it is. */
export const UNCHANGED = Symbol('unchanged');

/** each collection's per-document retry queues, for as long as the collection object lives */
const queuesOf = new WeakMap<object, ReturnType<typeof retryQueues>>();

/**
 * Read → change → revision-checked write of ONE document, retried when another writer got there first
 * (the document store's optimistic `_rev`). `change` must be pure: it may run several times. Returning
 * null deletes the document. Resolves with the document as written (or as found, when unchanged).
 * After a lost race the document's retries run one after another in this process (retryQueues): many writers
 * of one hot document (a tenant's saved cards, 100 payments completed at once) would otherwise lose round after
 * round until one ran out of attempts.
 */
export async function mutateDocument<T extends { _id: string }>(
  collection: Collection<T>,
  id: string,
  change: (current: Stored<T> | null) => T | null | typeof UNCHANGED,
  maxAttempts = 50,
): Promise<Stored<T> | null> {
  let queues = queuesOf.get(collection);
  if (!queues) queuesOf.set(collection, (queues = retryQueues()));
  const attempt = async () => {
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
  };
  let lost = false;
  return retryLostRace(() => (lost || queues.has(id) ? queues.after(id, attempt) : attempt()), {
    maxAttempts,
    isLost: (error) => isLostRace(error) && (lost = true),
  });
}

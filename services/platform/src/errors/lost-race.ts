import { ConcurrencyError, DuplicateKeyError } from './errors';

/**
 * A lost optimistic race: a revision-checked write found another revision (ConcurrencyError), or an insert
 * found the id taken by a writer that got there first (DuplicateKeyError on `_id_`).
 */
export function isLostRace(error: unknown): boolean {
  return error instanceof ConcurrencyError || (error instanceof DuplicateKeyError && error.index === '_id_');
}

/**
 * THE retry of a read → decide → revision-checked write (command handler, projections, single documents):
 * `attempt` runs again while it loses a race, up to `maxAttempts` runs in all, after a short random pause that
 * grows with the attempts (up to `maxPauseMs`) so that many writers of one hot document do not retry in
 * lock-step. Any other error, and the last lost race, are thrown.
 */
export async function retryLostRace<R>(
  attempt: () => Promise<R>,
  options: { maxAttempts: number; maxPauseMs?: number; isLost?: (error: unknown) => boolean },
): Promise<R> {
  const isLost = options.isLost ?? isLostRace;
  const maxPauseMs = options.maxPauseMs ?? 50;
  for (let run = 1; ; run++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isLost(error) || run >= options.maxAttempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 ** run, maxPauseMs)));
    }
  }
}

/**
 * Retries per key (a stream, a document), one after another in this process: a key's queue exists while one of
 * its retries is waiting. Many writers of one hot key that all read the same revision all but one lose each
 * round; queued, each retry reads what the previous one wrote instead of colliding again until it runs out of
 * attempts. First attempts take no lock; a writer joins the queue after its first lost race, or while a queue
 * exists, so that new writers do not barge in (command handler, mutateDocument).
 */
export function retryQueues() {
  const queues = new Map<string, Promise<unknown>>();
  return {
    has: (key: string) => queues.has(key),
    after<R>(key: string, run: () => Promise<R>): Promise<R> {
      const result = (queues.get(key) ?? Promise.resolve()).then(run, run);
      const tail = result.catch(() => {});
      queues.set(key, tail);
      void tail.then(() => queues.get(key) === tail && queues.delete(key));
      return result;
    },
  };
}

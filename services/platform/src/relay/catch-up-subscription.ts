import type { EventStore, StoredEvent, Subscription } from '../event-store/event-store.port';
import type { CheckpointStore } from './checkpoint-store.port';

/**
 * A long-running reader of the event store that remembers how far it got (the event relay, a background
 * projector): subscribes from its stored checkpoint, hands each event to `handler` (one at a time, in store
 * order) — or each batch the store delivers to `batchHandler` — saves the position of the last event handled
 * after the handler returned, and after any error (handler, subscription, checkpoint) stops, waits and
 * restarts from the checkpoint. The pause doubles per failure up to `maxBackoffMs` and is reset by the next
 * handled event.
 *
 * Delivery is AT-LEAST-ONCE: a crash (or a failed save) between the handler and the save hands the event (the
 * whole batch) to the handler again after the restart, so handlers must be idempotent. The checkpoint never
 * moves past an event whose handler did not return.
 */
export type CatchUpSubscriptionOptions = CatchUpOptionsBase &
  (
    | { handler: (event: StoredEvent) => Promise<void>; batchHandler?: never }
    | {
        /** consecutive events in store order, as the event store delivers them (subscribeToAll) */
        batchHandler: (events: StoredEvent[]) => Promise<void>;
        handler?: never;
      }
  );

interface CatchUpOptionsBase {
  eventStore: EventStore;
  checkpoints: CheckpointStore;
  /** the checkpoint's name; one per reader */
  name: string;
  /** only events of streams starting with one of these */
  streamPrefixes: string[];
  /** at every (re)start, with the position it resumes after (undefined: from the beginning) */
  onStart?: (fromPosition: string | undefined) => void;
  /** a failure that stopped the subscription; it restarts from the checkpoint after `retryInMs` */
  onError: (error: unknown, retryInMs: number) => void;
  /** the first pause after a failure (default 500 ms) */
  retryBackoffMs?: number;
  /** the longest pause (default 30 s) */
  maxBackoffMs?: number;
  /**
   * 0 (default): the checkpoint is saved after every event. Above 0: at most this often, and on stop — for a
   * reader whose handler is cheap to run again, where a write per event costs more than replaying the few
   * events since the last save after a restart.
   */
  checkpointEveryMs?: number;
}

export interface CatchUpSubscription {
  /** waits for the running handler and the checkpoint save, then stops */
  stop(): Promise<void>;
}

export function startCatchUpSubscription(options: CatchUpSubscriptionOptions): CatchUpSubscription {
  const { eventStore, checkpoints, name } = options;
  const initialBackoffMs = options.retryBackoffMs ?? 500;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;

  let stopped = false;
  let backoff = initialBackoffMs;
  let subscription: Subscription | undefined;
  /** ends the current wait (a running lap or a back-off) early; set by whichever is waiting */
  let wake: () => void = () => {};
  /** ends the running lap with an error (a deferred checkpoint save that failed) */
  let failLap: (error: unknown) => void = () => {};

  const saver = checkpointSaver(options, (error) => failLap(error));
  const saveUnsaved = saver.saveUnsaved;
  /** after the handler returned for everything up to `position` */
  const handled = async (position: string) => {
    await saver.handled(position);
    backoff = initialBackoffMs; // healthy again
  };
  const delivery = options.batchHandler
    ? {
        batchHandler: async (events: StoredEvent[]) => {
          await options.batchHandler(events);
          await handled(events[events.length - 1]!.position);
        },
      }
    : {
        handler: async (event: StoredEvent) => {
          await options.handler(event);
          await handled(event.position);
        },
      };

  /** One subscription from the stored checkpoint; resolves with its error (or undefined when stopped). */
  const lap = async (): Promise<unknown> => {
    await saveUnsaved(); // resume after everything handled so far
    const fromPosition = await checkpoints.load(name);
    if (stopped) return undefined;
    options.onStart?.(fromPosition);
    return new Promise<unknown>((resolve) => {
      wake = () => resolve(undefined);
      failLap = resolve;
      subscription = eventStore.subscribeToAll({
        ...(fromPosition === undefined ? {} : { fromPosition }),
        streamPrefixes: options.streamPrefixes,
        ...delivery,
        onError: resolve,
      });
    });
  };

  const loop = async () => {
    while (!stopped) {
      const error = await lap().catch((lapError: unknown) => lapError);
      await subscription?.stop();
      if (stopped) return;
      options.onError(error, backoff);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, backoff);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      backoff = Math.min(backoff * 2, maxBackoffMs);
    }
  };
  const running = loop();

  return {
    async stop() {
      stopped = true;
      await subscription?.stop();
      wake();
      await running;
      await saveUnsaved();
    },
  };
}

/**
 * Saving the checkpoint after what was handled: at once, or (checkpointEveryMs > 0) deferred, keeping the
 * newest handled position not saved yet; a deferred save that fails calls `onFailed`.
 */
function checkpointSaver(
  options: Pick<CatchUpSubscriptionOptions, 'checkpoints' | 'name' | 'checkpointEveryMs'>,
  onFailed: (error: unknown) => void,
) {
  const { checkpoints, name } = options;
  const checkpointEveryMs = options.checkpointEveryMs ?? 0;
  let unsaved: string | undefined;
  let saveTimer: NodeJS.Timeout | undefined;
  const saveUnsaved = async () => {
    clearTimeout(saveTimer);
    saveTimer = undefined;
    const position = unsaved;
    unsaved = undefined;
    if (position === undefined) return;
    try {
      await checkpoints.save(name, position);
    } catch (error) {
      unsaved ??= position; // tried again by the next save
      throw error;
    }
  };
  return {
    saveUnsaved,
    async handled(position: string) {
      if (checkpointEveryMs === 0) await checkpoints.save(name, position);
      else {
        unsaved = position;
        saveTimer ??= setTimeout(() => void saveUnsaved().catch(onFailed), checkpointEveryMs);
      }
    },
  };
}

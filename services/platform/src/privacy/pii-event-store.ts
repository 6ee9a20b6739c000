import type { EventStore, NewEvent, StoredEvent } from '../event-store/event-store.port';
import { isSealed, seal, unseal } from './pii-cipher';
import type { PersonKeys } from './person-keys';

/** What a shredded (or otherwise unreadable) personal value reads as. */
export const SHREDDED = '[dane usunięte]';

export interface PiiPolicy {
  /** streams holding one person's data, e.g. `user-`; the rest of the stream id is the person id */
  streamPrefix: string;
  /** top-level string fields of event data that are personal data */
  fields: readonly string[];
}

/**
 * An EventStore decorator that seals personal data on append and unseals it on read, so deciders, command
 * handlers and projections work with plain values while the log only ever holds ciphertext. When the
 * person's key is gone, the fields read as SHREDDED.
 *
 * What reaches the bus depends on which store the relay tails (ADR 0006): the raw store publishes
 * ciphertext, this decorator publishes plain values (tenant's `employee-` / `client-` streams: identity needs
 * the e-mail), on a bus with bounded retention. A decorator over the raw store with fewer fields unseals only
 * those (identity's `user-` streams: only a customer's `phone`, ADR 0017).
 * Several policies (one per stream prefix) may share one decorator and one key collection.
 */
export function piiEventStore(
  inner: EventStore,
  keys: PersonKeys,
  policies: PiiPolicy | readonly PiiPolicy[],
): EventStore {
  const list: readonly PiiPolicy[] = Array.isArray(policies) ? policies : [policies as PiiPolicy];
  const personOf = (streamId: string): { personId: string; fields: readonly string[] } | null => {
    const policy = list.find((p) => streamId.startsWith(p.streamPrefix));
    return policy ? { personId: streamId.slice(policy.streamPrefix.length), fields: policy.fields } : null;
  };

  async function sealEvent(
    { personId, fields }: { personId: string; fields: readonly string[] },
    event: NewEvent,
  ): Promise<NewEvent> {
    const data = event.data as Record<string, unknown> | null;
    if (!data || typeof data !== 'object') return event;
    const present = fields.filter((f) => typeof data[f] === 'string');
    if (!present.length) return event;
    const key = await keys.getOrCreate(personId);
    const sealed = { ...data };
    for (const field of present) sealed[field] = seal(key, personId, data[field] as string);
    return { ...event, data: sealed };
  }

  async function unsealEvent(event: StoredEvent, cache: Map<string, Buffer | null>): Promise<StoredEvent> {
    const person = personOf(event.streamId);
    const data = event.data as Record<string, unknown> | null;
    if (person === null || !data || typeof data !== 'object') return event;
    const { personId, fields } = person;
    const present = fields.filter((f) => isSealed(data[f]));
    if (!present.length) return event;
    if (!cache.has(personId)) cache.set(personId, await keys.get(personId));
    const key = cache.get(personId) ?? null;
    const plain = { ...data };
    for (const field of present) {
      try {
        plain[field] = key ? unseal(key, personId, data[field] as string) : SHREDDED;
      } catch {
        plain[field] = SHREDDED;
      }
    }
    return { ...event, data: plain };
  }

  return {
    async appendToStream(streamId, events, options) {
      const person = personOf(streamId);
      const toAppend = person === null ? events : await Promise.all(events.map((e) => sealEvent(person, e)));
      return inner.appendToStream(streamId, toAppend, options);
    },
    async readStream(streamId, options) {
      const cache = new Map<string, Buffer | null>();
      const events = await inner.readStream(streamId, options);
      return Promise.all(events.map((e) => unsealEvent(e, cache)));
    },
    subscribeToAll(options) {
      if (options.batchHandler) {
        const { batchHandler } = options;
        return inner.subscribeToAll({
          ...options,
          // each event with a fresh key lookup, as one at a time: a key shredded meanwhile is never used
          batchHandler: async (events) =>
            batchHandler(await Promise.all(events.map((e) => unsealEvent(e, new Map())))),
        });
      }
      const { handler } = options;
      return inner.subscribeToAll({
        ...options,
        handler: async (event) => handler(await unsealEvent(event, new Map())),
      });
    },
    headPosition: () => inner.headPosition(),
    // the wrapped store belongs to the infrastructure, which closes it
    close: async () => undefined,
  };
}

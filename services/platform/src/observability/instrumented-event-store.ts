import { ConcurrencyError } from '../errors/errors';
import type { EventStore, NewEvent } from '../event-store/event-store.port';
import type { UnitOfWork, UnitOfWorkCapable } from '../es/unit-of-work';
import { BUSINESS_EVENTS, type Metrics } from './metrics';

/**
 * The event store port with its appends timed (by outcome) and counted by event type; events that record a
 * business fact (BUSINESS_EVENTS: awards, redemptions, corrections, enrolments) are counted as such once
 * stored. Reads and subscriptions pass through untouched. The store's atomic unit of work (ADR 0029), when it
 * has one, is passed through with its appends counted the same way — hiding it would silently make every
 * command's writes separate again.
 */
export function instrumentEventStore(store: EventStore, metrics: Metrics): EventStore & UnitOfWorkCapable {
  async function timed<R>(events: NewEvent[], append: () => Promise<R>): Promise<R> {
    const end = metrics.eventStore.appendDuration.startTimer();
    try {
      const result = await append();
      end({ outcome: 'ok' });
      for (const event of events) {
        metrics.eventStore.eventsAppended.inc({ type: event.type });
        const fact = BUSINESS_EVENTS[event.type];
        if (fact) metrics.business.recorded(fact.fact, fact.kind);
      }
      return result;
    } catch (error) {
      end({ outcome: error instanceof ConcurrencyError ? 'conflict' : 'error' });
      throw error;
    }
  }
  return {
    appendToStream: (streamId, events, options) =>
      timed(events, () => store.appendToStream(streamId, events, options)),
    readStream: (streamId, options) => store.readStream(streamId, options),
    subscribeToAll: (options) => store.subscribeToAll(options),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
    unitOfWorkWith(documents): UnitOfWork | null {
      const inner = (store as Partial<UnitOfWorkCapable>).unitOfWorkWith?.(documents);
      if (!inner) return null;
      return { atomic: inner.atomic, append: (unit) => timed(unit.events, () => inner.append(unit)) };
    },
  };
}

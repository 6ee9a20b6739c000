import { ConcurrencyError } from '../errors/errors';
import type { EventStore } from '../event-store/event-store.port';
import { BUSINESS_EVENTS, type Metrics } from './metrics';

/**
 * The event store port with its appends timed (by outcome) and counted by event type; events that record a
 * business fact (BUSINESS_EVENTS: awards, redemptions, corrections, enrolments) are counted as such once
 * stored. Reads and subscriptions pass through untouched.
 */
export function instrumentEventStore(store: EventStore, metrics: Metrics): EventStore {
  return {
    async appendToStream(streamId, events, options) {
      const end = metrics.eventStore.appendDuration.startTimer();
      try {
        const result = await store.appendToStream(streamId, events, options);
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
    },
    readStream: (streamId, options) => store.readStream(streamId, options),
    subscribeToAll: (options) => store.subscribeToAll(options),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}

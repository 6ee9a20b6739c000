import { withInfra } from '../testing/infra-env';
import { eventStoreContract } from './event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

// The SAME contract as the SQLite event store. Tests write to random categories, so a shared server (whose
// $all also holds system and other tests' events) needs no cleanup.
withInfra('EVENTSTORE_URL', 'EventStore contract: eventstoredb', (url) => {
  eventStoreContract('eventstoredb', async () => ({
    open: async () => EventStoreDbEventStore.open(url),
    cleanup: async () => {},
  }));
});

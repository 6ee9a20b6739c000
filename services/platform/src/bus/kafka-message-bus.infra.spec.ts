import { withInfra } from '../testing/infra-env';
import { KafkaMessageBus } from './kafka-message-bus';
import { messageBusContract } from './message-bus.contract';
import { messageBusRetentionContract } from './message-bus.retention.contract';

// The SAME contract as the SQLite bus, against a real broker. Each test uses its own random topics and
// groups, so a shared broker needs no cleanup; "restart" = a new client on the same broker.
withInfra('KAFKA_BROKERS', 'MessageBus contract: kafka', (brokers) => {
  const harness = async () => ({
    open: () =>
      KafkaMessageBus.open({ brokers: brokers.split(','), clientId: 'punkto-contract', partitions: 3 }),
    cleanup: async () => {},
  });
  messageBusContract('kafka', harness);
  messageBusRetentionContract('kafka', harness);
});

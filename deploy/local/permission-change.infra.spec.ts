/**
 * Issue 32 (ADR 0038) with Kafka as the bus: the services on their own servers (one process), the gateway in
 * another, every module's consumers on Kafka — identity's UserPermissionsChanged reaches each service's
 * access-revocations consumer group there. The same scenario as permission-change.int.spec.ts (embedded bus).
 * Run through `npm run test:infra`, which starts or finds Kafka.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { withInfra } from '../../services/platform/src/testing/infra-env';
import { permissionChangeScenario, startProduct, type Product } from './testing/permission-change';

const measured: Record<string, number> = {};

withInfra('KAFKA_BROKERS', 'permission changes over Kafka', (brokers) => {
  describe('distributed on Kafka: a permission change reaches the next staff call within seconds', () => {
    let product: Product;
    beforeAll(async () => {
      product = await startProduct('distributed', 19130, {
        BUS_ADAPTER: 'kafka',
        KAFKA_BROKERS: brokers,
        KAFKA_PARTITIONS: '3',
      });
    }, 180_000);
    afterAll(async () => {
      console.log(`permission changes took effect in (ms): ${JSON.stringify(measured)}`);
      await product?.stop();
    });

    it(
      'owner takes cards.award → refused within 5 s without a new login, lookups work; given back → awards within 5 s; another company untouched',
      () => permissionChangeScenario(product.base, 'kafka', measured),
      180_000,
    );
  });
});

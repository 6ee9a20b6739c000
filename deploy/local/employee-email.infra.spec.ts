/**
 * Issue 33 (ADR 0053) with Kafka as the bus: the services on their own servers (one process), the gateway in
 * another, identity's StaffEmailChanged reaching the tenant service's identity-users consumer group on Kafka. The
 * same scenario as employee-email.int.spec.ts (embedded bus). Run through `npm run test:infra`, which starts or
 * finds Kafka.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { withInfra } from '../../services/platform/src/testing/infra-env';
import { startProduct, type Product } from './testing/permission-change';
import { employeeEmailScenario } from './testing/employee-email';

const measured: Record<string, number> = {};

withInfra('KAFKA_BROKERS', 'an employee’s e-mail change over Kafka', (brokers) => {
  describe('distributed on Kafka: an employee’s confirmed e-mail reaches the owner’s list', () => {
    let product: Product;
    beforeAll(async () => {
      product = await startProduct('distributed', 18490, {
        BUS_ADAPTER: 'kafka',
        KAFKA_BROKERS: brokers,
        KAFKA_PARTITIONS: '3',
      });
    }, 180_000);
    afterAll(async () => {
      console.log(`the owner's list showed the new address after (ms): ${JSON.stringify(measured)}`);
      await product?.stop();
    });

    it(
      'link to the new address → the new address signs in, the old one not → the owner’s list shows it',
      () => employeeEmailScenario(product.base, 'kafka', measured),
      180_000,
    );
  });
});

/**
 * Issue 33 (ADR 0053), through the gateway of the real entry point (server/main.ts): an employee's confirmed new
 * e-mail signs in and reaches the owner's employees list within seconds. Run in both modes: embedded
 * (`SERVICES=all`) and distributed (the services on their own servers in another process than the gateway, the
 * embedded bus shared between the processes); with Kafka as the bus: employee-email.infra.spec.ts.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startProduct, type Product } from './testing/permission-change';
import { employeeEmailScenario } from './testing/employee-email';

const measured: Record<string, number> = {};
afterAll(() =>
  console.log(`the owner's list showed the new address after (ms): ${JSON.stringify(measured)}`),
);

describe.each([
  ['embedded', 18481],
  ['distributed', 18490],
] as const)('%s: an employee changes their own e-mail', (mode, port) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(mode, port);
  }, 120_000);
  afterAll(() => product?.stop());

  it(
    'link to the new address → the new address signs in, the old one not → the owner’s list shows it; old address invitable, new one taken',
    () => employeeEmailScenario(product.base, mode, measured),
    120_000,
  );
});

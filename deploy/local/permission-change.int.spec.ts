/**
 * Issue 32 (ADR 0038), through the gateway of the real entry point (server/main.ts): an owner takes
 * „Przyznawanie punktów” (`cards.award`) from an employee whose scanner is open. The employee's token carries the
 * permissions, so it used to award for up to 30 minutes. Now identity raises the employee's access version, every
 * service reads it off the bus, and a token issued before counts as none: the next call answers 401, the client
 * refreshes (the session goes on: no new login) and the award is refused with 403 PERMISSION_DENIED within 5 s,
 * while card lookups keep working. Granting it back works within 5 s too; another company's employee is not
 * touched. Run in both modes: embedded (`SERVICES=all`, the services mounted on the gateway's server) and
 * distributed (the services on their own servers in another process than the gateway, the embedded bus shared
 * between the processes); with Kafka as the bus: permission-change.infra.spec.ts.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { permissionChangeScenario, startProduct, type Product } from './testing/permission-change';

const measured: Record<string, number> = {};
afterAll(() => console.log(`permission changes took effect in (ms): ${JSON.stringify(measured)}`));

describe.each([
  ['embedded', 19110],
  ['distributed', 19120],
] as const)('%s: a permission change reaches the next staff call within seconds', (mode, port) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(mode, port);
  }, 120_000);
  afterAll(() => product?.stop());

  it(
    'owner takes cards.award → refused within 5 s without a new login, lookups work; given back → awards within 5 s; another company untouched',
    () => permissionChangeScenario(product.base, mode, measured),
    120_000,
  );
});

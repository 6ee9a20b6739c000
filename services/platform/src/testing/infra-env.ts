import { describe, it } from 'vitest';

/**
 * Real-engine addresses for `*.infra.spec.ts`, as `scripts/infra/run-infra-tests.mjs` passes them. When one
 * is missing the suite is declared with `describe.skip` and a title that says SKIPPED and why, so the skip
 * is visible in every reporter (and the runner prints the same reason in its summary).
 */
export type InfraVariable = 'KAFKA_BROKERS' | 'MONGODB_URL' | 'EVENTSTORE_URL';

export function infraAddress(variable: InfraVariable): { address: string } | { skipped: string } {
  const address = process.env[variable];
  if (address) return { address };
  const reason =
    process.env[`PUNKTO_INFRA_SKIP_${variable}`] ??
    `${variable} is not set (run through \`npm run test:infra\`, which starts or finds the server)`;
  return { skipped: reason };
}

/** Declares the suite, or a loud skipped placeholder naming the reason. */
export function withInfra(
  variable: InfraVariable,
  suiteName: string,
  declare: (address: string) => void,
): void {
  const found = infraAddress(variable);
  if ('address' in found) {
    declare(found.address);
    return;
  }
  describe.skip(`${suiteName} — SKIPPED: ${found.skipped}`, () => {
    it(`needs ${variable}`, () => {});
  });
}

/** 'ferretdb' when the runner started FerretDB v1 instead of a real mongod. */
export const mongoFlavor = (): string => process.env.PUNKTO_MONGO_FLAVOR ?? 'mongodb';

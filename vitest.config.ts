import { defineConfig } from 'vitest/config';

// Test tiers are separated by file suffix so each can run alone:
//   *.unit.spec.ts  pure logic, no IO            (npm run test:unit)
//   *.int.spec.ts   real embedded adapters, HTTP via app.inject / local servers (npm run test:int)
//   *.e2e.spec.ts   whole product started, driven through the gateway / a browser (npm run test:e2e)
//   *.infra.spec.ts real engines (Kafka, MongoDB, EventStoreDB, SMTP): only through `npm run test:infra`,
//                   which obtains the servers and passes their addresses in the environment
const ignore = ['**/node_modules/**', '**/dist/**'];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['**/*.unit.spec.{ts,tsx}'], exclude: ignore } },
      {
        test: {
          name: 'int',
          include: ['**/*.int.spec.ts'],
          exclude: ignore,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['**/*.e2e.spec.ts'],
          exclude: ignore,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          globalSetup: ['scripts/testing/product.global-setup.ts'],
        },
      },
      {
        test: {
          name: 'infra',
          include: ['**/*.infra.spec.ts'],
          exclude: ignore,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // one broker and one MongoDB-wire server for everything: files run one after another
          fileParallelism: false,
        },
      },
    ],
  },
});

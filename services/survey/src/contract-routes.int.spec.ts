import { expectRoutesGuardedByContracts } from '@punkto/platform/testing/contract-routes';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startSurvey } from './testing/survey-test-app';

describe('survey routes', () => {
  let t: Awaited<ReturnType<typeof startSurvey>>;
  beforeAll(async () => {
    t = await startSurvey();
  });
  afterAll(() => t.close());

  it('are every survey endpoint of the contracts, each guarded by its contract (anonymous: 401)', async () => {
    await expectRoutesGuardedByContracts(t.app, 'survey');
  });
});

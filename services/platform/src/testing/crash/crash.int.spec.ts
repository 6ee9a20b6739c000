import { describe, expect, it } from 'vitest';
import { runCrashTest } from './crash-test';

/** A short run of the SIGKILL crash test (`npm run test:crash` runs the long one). */
describe('embedded pipeline under SIGKILL', () => {
  it('keeps acknowledged appends, publishes every event and applies each exactly once', async () => {
    const result = await runCrashTest({ rounds: 3, maxKillDelayMs: 600 });
    expect(result.failures).toEqual([]);
    expect(result.stats.storedEvents).toBeGreaterThanOrEqual(result.stats.acknowledgedAppends ?? 0);
    expect(result.stats.effects).toBe(result.stats.storedEvents);
  }, 60_000);
});

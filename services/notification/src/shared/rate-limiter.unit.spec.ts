import { describe, expect, it } from 'vitest';
import { tokenBucket } from './rate-limiter';

/** a clock the test moves; sleeping moves it (so waits are exact and instant) */
function virtualTime() {
  let now = 0;
  const slept: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number) => {
      slept.push(ms);
    },
    advance: (ms: number) => {
      now += ms;
    },
    slept,
  };
}

describe('tokenBucket', () => {
  it('lets a burst through at once, then makes each caller wait its turn at the rate', async () => {
    const time = virtualTime();
    const bucket = tokenBucket({ perSecond: 10, burst: 2, now: time.now, sleep: time.sleep });
    for (let i = 0; i < 6; i++) await bucket.take();
    // two free tokens, then the 3rd waits 100 ms, the 4th 200 ms, … (first come, first served)
    expect(time.slept.map(Math.round)).toEqual([100, 200, 300, 400]);
  });

  it('refills with time, never above the burst', async () => {
    const time = virtualTime();
    const bucket = tokenBucket({ perSecond: 10, burst: 2, now: time.now, sleep: time.sleep });
    await bucket.take();
    await bucket.take();
    time.advance(10_000); // a long quiet spell refills only the burst
    for (let i = 0; i < 3; i++) await bucket.take();
    expect(time.slept.map(Math.round)).toEqual([100]);
  });

  it('holds a rate in real time: 25 calls at 50/s take about half a second', async () => {
    const bucket = tokenBucket({ perSecond: 50 });
    const start = performance.now();
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: 25 }, () => bucket.take().then(() => times.push(performance.now() - start))),
    );
    const burst = 5;
    expect(Math.max(...times)).toBeGreaterThanOrEqual(((25 - burst) / 50) * 1000 - 15);
    expect(Math.max(...times)).toBeLessThan(1500);
  });

  it('refuses a rate that is not positive', () => {
    expect(() => tokenBucket({ perSecond: 0 })).toThrow(RangeError);
  });
});

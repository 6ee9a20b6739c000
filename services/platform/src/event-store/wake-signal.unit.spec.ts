import { describe, expect, it } from 'vitest';
import { WakeSignal } from './wake-signal';

const race = (p: Promise<void>, ms: number) =>
  Promise.race([p.then(() => 'woken'), new Promise((r) => setTimeout(() => r('timeout'), ms))]);

describe('WakeSignal', () => {
  it('wakes a waiter on notify before its interval passes', async () => {
    const signal = new WakeSignal();
    const waiting = signal.wait(10_000);
    signal.notify();
    expect(await race(waiting, 100)).toBe('woken');
  });

  it('resolves after the interval without a notify', async () => {
    expect(await race(new WakeSignal().wait(10), 500)).toBe('woken');
  });

  it('remembers a notify that came while nobody waited, once', async () => {
    const signal = new WakeSignal();
    signal.notify();
    expect(await race(signal.wait(10_000), 100)).toBe('woken');
    expect(await race(signal.wait(10_000), 100)).toBe('timeout');
  });
});

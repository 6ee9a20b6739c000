import { describe, expect, it } from 'vitest';
import { BUCKETS, countAward, type AwardMonitorConfig, type CounterDoc } from './award-monitor';

const PRODUCTION: AwardMonitorConfig = { windowMinutes: 10, maxAwards: 60, maxPoints: 5000 };
const START = Date.parse('2026-03-02T10:00:00.000Z');
const award = (secondsAfterStart: number, points = 12, stamps = 0) => ({
  tenantId: 't1',
  employeeId: 'e1',
  at: new Date(START + secondsAfterStart * 1000),
  points,
  stamps,
});

/** runs awards through the counter as the unit of work writes it: each award sees the previous document */
function run(awards: ReturnType<typeof award>[], config = PRODUCTION) {
  let doc: CounterDoc | null = null;
  return awards.map((a) => {
    const counted = countAward(doc, a, config);
    doc = counted.doc;
    return counted;
  });
}

describe('the award monitor: one counter per employee, fixed buckets over the window', () => {
  it('the 61st award within 10 minutes is unusual, reported once with the window’s totals, never again in the window', () => {
    const results = run(Array.from({ length: 100 }, (_, i) => award(i * 5)));
    const reported = results.flatMap((r, i) => (r.anomaly ? [{ i, anomaly: r.anomaly }] : []));
    expect(reported).toEqual([
      {
        i: 60,
        anomaly: {
          tenantId: 't1',
          employeeId: 'e1',
          windowMinutes: 10,
          awards: 61,
          points: 61 * 12,
          stamps: 0,
          thresholds: { awards: 60, points: 5000 },
        },
      },
    ]);
  });

  it('more points than allowed: reported; the awards older than the window no longer count', () => {
    const [first, second, third, fourth] = run([
      award(0, 4000),
      award(60, 4000),
      award(120, 4000),
      award(11 * 60, 4000),
    ]);
    expect(first!.anomaly).toBeNull();
    expect(second!.anomaly).toMatchObject({ awards: 2, points: 8000 });
    expect(third!.anomaly).toBeNull(); // flagged until 10:11
    // at 10:11 the window is after 10:01: the awards of 10:02 and 10:11 are unusual again
    expect(fourth!.anomaly).toMatchObject({ awards: 2, points: 8000, stamps: 0 });
    expect(Object.keys(fourth!.doc.buckets!)).toHaveLength(2);
  });

  it('counts stamps beside points, and keeps a flag written before the counter existed', () => {
    const flaggedBefore: CounterDoc = { _id: 't1:e1', flaggedUntil: '2026-03-02T10:05:00.000Z' };
    const counted = countAward(flaggedBefore, award(0, 0, 3), { ...PRODUCTION, maxAwards: 0 });
    expect(counted.anomaly).toBeNull();
    expect(counted.doc).toEqual({
      _id: 't1:e1',
      flaggedUntil: '2026-03-02T10:05:00.000Z',
      buckets: { [String(Math.floor(START / 10_000))]: { awards: 1, points: 0, stamps: 3 } },
    });
  });

  it('the work per award does not grow with the thresholds nor with the awards in the window', () => {
    /** how many buckets an award reads: the counter's buckets behind a proxy that counts the reads */
    const bucketsReadBy = (doc: CounterDoc, next: ReturnType<typeof award>, config: AwardMonitorConfig) => {
      let reads = 0;
      const buckets = new Proxy(doc.buckets ?? {}, {
        get: (target, key, receiver) => {
          reads++;
          return Reflect.get(target, key, receiver) as unknown;
        },
        getOwnPropertyDescriptor: (target, key) => {
          reads++;
          return Reflect.getOwnPropertyDescriptor(target, key);
        },
      });
      countAward({ ...doc, buckets }, next, config);
      return reads;
    };
    const afterAwards = (count: number, config: AwardMonitorConfig) =>
      run(
        // `count` awards spread over the last 10 minutes
        Array.from({ length: count }, (_, i) => award((i * 600) / count)),
        config,
      ).at(-1)!.doc;
    const reads = [
      bucketsReadBy(afterAwards(100, PRODUCTION), award(600), PRODUCTION),
      bucketsReadBy(afterAwards(3_000, PRODUCTION), award(600), PRODUCTION),
      bucketsReadBy(
        afterAwards(3_000, { ...PRODUCTION, maxAwards: 1_000_000, maxPoints: 1_000_000 }),
        award(600),
        { ...PRODUCTION, maxAwards: 1_000_000, maxPoints: 1_000_000 },
      ),
    ];
    // every window has the same BUCKETS buckets, whatever the awards and the thresholds
    expect(new Set(reads).size).toBe(1);
    expect(reads[0]).toBeLessThanOrEqual(2 * (BUCKETS + 1));
    const doc = afterAwards(3_000, { ...PRODUCTION, maxAwards: 1_000_000 });
    expect(Object.keys(doc.buckets!).length).toBeLessThanOrEqual(BUCKETS);
  });
});

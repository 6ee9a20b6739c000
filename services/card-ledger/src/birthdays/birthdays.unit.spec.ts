import { describe, expect, it } from 'vitest';
import { nearBirthdaysFilter, nextSweepAt } from './birthdays';

describe('the nightly birthday sweep', () => {
  it('reads the birthdays within 31 days of today, split across the new year', () => {
    expect(nearBirthdaysFilter('2027-06-16')).toEqual({ mmdd: { $gte: 516, $lte: 717 } });
    expect(nearBirthdaysFilter('2027-01-05')).toEqual({
      $or: [{ mmdd: { $gte: 1205 } }, { mmdd: { $lte: 205 } }],
    });
  });

  it('runs next at 00:05 of the next Warsaw day, also across the clock changes', () => {
    expect(nextSweepAt(new Date('2026-06-15T22:05:00.000Z')).toISOString()).toBe('2026-06-16T22:05:00.000Z');
    // the night of the spring change: 00:05 on 29 March is still winter time (UTC+1)
    expect(nextSweepAt(new Date('2026-03-27T23:05:00.000Z')).toISOString()).toBe('2026-03-28T23:05:00.000Z');
    expect(nextSweepAt(new Date('2026-03-28T23:05:00.000Z')).toISOString()).toBe('2026-03-29T22:05:00.000Z');
    // the 25-hour day of the autumn change
    expect(nextSweepAt(new Date('2026-10-24T22:05:00.000Z')).toISOString()).toBe('2026-10-25T23:05:00.000Z');
  });
});

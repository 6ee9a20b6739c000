import { describe, expect, it } from 'vitest';
import { afterQuietHours, inQuietHours } from './quiet-hours';

describe('quiet hours (21:00–08:00 Warsaw)', () => {
  it('leaves a daytime moment as it is', () => {
    const at = new Date('2026-11-26T10:00:00.000Z'); // 11:00 in Warsaw (CET)
    expect(inQuietHours(at)).toBe(false);
    expect(afterQuietHours(at)).toEqual(at);
  });

  it('moves an evening moment to 08:00 the next morning (winter, UTC+1)', () => {
    expect(afterQuietHours(new Date('2026-11-26T20:30:00.000Z'))).toEqual(
      new Date('2026-11-27T07:00:00.000Z'),
    );
    expect(afterQuietHours(new Date('2026-11-26T20:00:00.000Z'))).toEqual(
      new Date('2026-11-27T07:00:00.000Z'),
    );
  });

  it('moves a moment after midnight to 08:00 the same morning (summer, UTC+2)', () => {
    expect(afterQuietHours(new Date('2026-07-01T03:15:00.000Z'))).toEqual(
      new Date('2026-07-01T06:00:00.000Z'),
    );
  });

  it('uses the morning offset across a daylight-saving change (last Sunday of March)', () => {
    // Sat 28 March 2026 22:00 CET → Sunday 29 March 08:00 CEST = 06:00 UTC
    expect(afterQuietHours(new Date('2026-03-28T21:00:00.000Z'))).toEqual(
      new Date('2026-03-29T06:00:00.000Z'),
    );
  });

  it('counts 20:59 as day and 08:00 as day, 21:00 and 07:59 as night', () => {
    expect(inQuietHours(new Date('2026-11-26T19:59:00.000Z'))).toBe(false);
    expect(inQuietHours(new Date('2026-11-26T20:00:00.000Z'))).toBe(true);
    expect(inQuietHours(new Date('2026-11-27T06:59:00.000Z'))).toBe(true);
    expect(inQuietHours(new Date('2026-11-27T07:00:00.000Z'))).toBe(false);
  });
});

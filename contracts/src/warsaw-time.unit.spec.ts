import { describe, expect, it } from 'vitest';
import { addMonths } from './warsaw-time';

describe('addMonths (calendar months)', () => {
  it('keeps the day of the month, or takes the month’s last day when it has none', () => {
    expect(addMonths('2026-03-15', 1)).toBe('2026-04-15');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-08-31', 1)).toBe('2026-09-30');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
  });

  it('crosses years both ways', () => {
    expect(addMonths('2026-12-31', 1)).toBe('2027-01-31');
    expect(addMonths('2026-11-30', 36)).toBe('2029-11-30');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });
});

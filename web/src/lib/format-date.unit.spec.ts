import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

describe('Polish dates', () => {
  it('formats a date in Warsaw time', () => {
    expect(formatDate('2026-03-05T10:00:00Z')).toBe('5 mar 2026');
    // 23:30 UTC on 31 Dec is already New Year in Warsaw
    expect(formatDate('2026-12-31T23:30:00Z')).toBe('1 sty 2027');
    expect(formatDateTime('2026-07-01T08:05:00Z')).toBe('1 lip 2026, 10:05');
  });

  it('shows a dash for a missing or invalid date', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate(undefined)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
  });
});

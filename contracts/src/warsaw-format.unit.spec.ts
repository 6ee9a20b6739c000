import { describe, expect, it } from 'vitest';
import { warsawFormat } from './warsaw-format';

describe('warsawFormat', () => {
  const longDate = warsawFormat({ dateStyle: 'long' });
  const dateTime = warsawFormat({ dateStyle: 'medium', timeStyle: 'short' });

  it('shows the Warsaw calendar day, not the UTC one', () => {
    // 23:30 UTC on 25 November is 00:30 on the 26th in Warsaw (UTC+1)
    expect(longDate('2026-11-25T23:30:00Z')).toBe('26 listopada 2026');
  });

  it('follows summer time: 10:00 UTC is 12:00 in July and 11:00 in January', () => {
    expect(dateTime(new Date('2026-07-01T10:00:00Z'))).toBe('1 lip 2026, 12:00');
    expect(dateTime(Date.parse('2026-01-15T10:00:00Z'))).toBe('15 sty 2026, 11:00');
  });
});

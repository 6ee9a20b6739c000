import { describe, expect, it } from 'vitest';
import { periodKey, warsawLocal } from './warsaw-time';

describe('warsawLocal', () => {
  it('is UTC+1 in winter and UTC+2 in summer', () => {
    expect(warsawLocal(new Date('2026-01-15T07:30:00Z'))).toMatchObject({
      date: '2026-01-15',
      time: '08:30',
    });
    expect(warsawLocal(new Date('2026-07-15T07:30:00Z'))).toMatchObject({
      date: '2026-07-15',
      time: '09:30',
    });
  });

  it('follows the daylight-saving switches (last Sundays of March and October)', () => {
    // 2026-03-29 01:00 UTC: 02:00 CET becomes 03:00 CEST
    expect(warsawLocal(new Date('2026-03-29T00:59:00Z')).time).toBe('01:59');
    expect(warsawLocal(new Date('2026-03-29T01:00:00Z')).time).toBe('03:00');
    // 2026-10-25 01:00 UTC: 03:00 CEST becomes 02:00 CET
    expect(warsawLocal(new Date('2026-10-25T00:59:00Z')).time).toBe('02:59');
    expect(warsawLocal(new Date('2026-10-25T01:00:00Z')).time).toBe('02:00');
  });

  it('puts late-evening UTC instants on the next local day, weekday and month', () => {
    const local = warsawLocal(new Date('2026-03-31T22:30:00Z')); // 00:30 CEST on 1 April (Wednesday)
    expect(local).toEqual({
      date: '2026-04-01',
      time: '00:30',
      weekday: 3,
      week: '2026-W14',
      month: '2026-04',
    });
  });

  it.each([
    ['2026-03-02T12:00:00Z', 1, '2026-W10'], // Monday
    ['2026-03-08T12:00:00Z', 7, '2026-W10'], // Sunday closes the ISO week
    ['2026-12-31T12:00:00Z', 4, '2026-W53'], // 2026 has 53 ISO weeks (it starts on a Thursday)
    ['2027-01-03T12:00:00Z', 7, '2026-W53'], // early January can belong to the previous ISO year
    ['2027-01-04T12:00:00Z', 1, '2027-W01'],
    ['2024-12-30T12:00:00Z', 1, '2025-W01'], // late December can belong to the next ISO year
    ['2021-01-01T12:00:00Z', 5, '2020-W53'],
  ])('%s is ISO weekday %i of %s', (iso, weekday, week) => {
    expect(warsawLocal(new Date(iso))).toMatchObject({ weekday, week });
  });

  it('gives the period keys of stock and limits', () => {
    const local = warsawLocal(new Date('2026-03-02T10:00:00Z'));
    expect(periodKey('day', local)).toBe('2026-03-02');
    expect(periodKey('week', local)).toBe('2026-W10');
    expect(periodKey('month', local)).toBe('2026-03');
    expect(periodKey(null, local)).toBe('all');
  });
});

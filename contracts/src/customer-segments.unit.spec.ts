import { describe, expect, it } from 'vitest';
import {
  companyIntervalDays,
  lifecycleSegment,
  median,
  segmentCustomers,
  usualIntervalDays,
  vipThreshold,
} from './customer-segments';

describe('customer segments', () => {
  it('median: odd, even and empty lists', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([1, 2, 3, 10])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  describe('lifecycle on 2026-06-30', () => {
    const asOf = '2026-06-30';
    it('a customer without visits has no segment', () => {
      expect(lifecycleSegment([], asOf, 7)).toBeNull();
    });
    it('one visit 3 days ago is new', () => {
      expect(lifecycleSegment(['2026-06-27'], asOf, 7)).toBe('new');
    });
    it('one visit longer ago than twice the company interval is at risk', () => {
      expect(lifecycleSegment(['2026-06-15'], asOf, 7)).toBe('at_risk');
      // exactly twice the interval is not yet at risk
      expect(lifecycleSegment(['2026-06-16'], asOf, 7)).toBe('new');
    });
    it('without a company interval the default 30 days applies', () => {
      expect(usualIntervalDays(['2026-06-01'], null)).toBe(30);
      expect(lifecycleSegment(['2026-05-01'], asOf, null)).toBe('new'); // 60 days = 2 × 30
      expect(lifecycleSegment(['2026-04-30'], asOf, null)).toBe('at_risk'); // 61 days
    });
    it('a weekly customer whose last visit is 14 days ago returns; 15 days ago is at risk', () => {
      expect(lifecycleSegment(['2026-06-02', '2026-06-09', '2026-06-16'], asOf, 30)).toBe('returning');
      expect(lifecycleSegment(['2026-06-01', '2026-06-08', '2026-06-15'], asOf, 30)).toBe('at_risk');
    });
    it('90 days without a visit is lapsed, 89 is not', () => {
      expect(lifecycleSegment(['2026-01-01', '2026-04-01'], asOf, 365)).toBe('lapsed'); // 90 days
      expect(lifecycleSegment(['2026-01-01', '2026-04-02'], asOf, 365)).toBe('returning'); // 89, interval 91
    });
  });

  describe('VIP: the top 10 % by visit days', () => {
    it('of 20 customers the 2 most frequent, ties with the last included', () => {
      expect(vipThreshold([...Array(18).fill(1), 9, 5])).toBe(5);
      expect(vipThreshold([...Array(17).fill(1), 9, 5, 5])).toBe(5); // three customers: a tie
    });
    it('of 3 customers one (ceil of 0.3), customers without visits not counted', () => {
      expect(vipThreshold([0, 0, 2, 4, 3])).toBe(4);
      expect(vipThreshold([0])).toBeNull();
    });
  });

  it('segments every customer on a day, ignoring later visits', () => {
    const customers = new Map<string, string[]>([
      ['anna', ['2026-06-01', '2026-06-08', '2026-06-15', '2026-06-22', '2026-06-29']],
      ['bartek', ['2026-06-28']],
      ['celina', ['2026-02-01']],
      ['darek', []],
      ['ewa', ['2026-06-01', '2026-06-03', '2026-07-05']],
    ]);
    expect(companyIntervalDays(customers.values())).toBe(7);
    const segments = segmentCustomers(customers, '2026-06-30');
    expect(Object.fromEntries(segments)).toEqual({
      anna: { lifecycle: 'returning', vip: true },
      bartek: { lifecycle: 'new', vip: false },
      celina: { lifecycle: 'lapsed', vip: false },
      darek: { lifecycle: null, vip: false },
      // as of June 30 Ewa's usual interval is 2 days and her last visit 27 days ago
      ewa: { lifecycle: 'at_risk', vip: false },
    });
  });
});

describe('day numbers', () => {
  it('match the calendar across leap days, centuries and eras', async () => {
    const { dayNumber, daysFrom } = await import('./customer-segments');
    for (const date of [
      '1970-01-01',
      '2000-02-29',
      '2024-02-28',
      '2024-03-01',
      '2100-03-01',
      '1899-12-31',
      '2026-11-25',
    ])
      expect(dayNumber(date), date).toBe(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
    expect(daysFrom('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysFrom('2025-02-28', '2025-03-01')).toBe(1);
  });
});

import type { AnalyticsResponse } from '@punkto/contracts/analytics';
import { describe, expect, it } from 'vitest';
import { analyticsTables, periodLabel, tableCsv } from './analytics-tables';
import { AnalyticsSearch, previousMonth, toAnalyticsQuery } from './analytics-search';

const response = {
  granularity: 'day',
  visits: { total: 3, series: [{ period: '2026-03-03', visits: 3, customers: 2, newCustomers: 1 }] },
  frequency: { histogram: [{ label: '1', customers: 2 }], medianDaysBetweenVisits: 7.5 },
  rewards: { popular: [{ rewardId: 'r1', name: '=Kawa; duża', redemptions: 4 }] },
  nps: { series: [{ period: '2026-03-02', responses: 5, score: 40, promoters: 60, detractors: 20 }] },
  segments: [{ segment: 'vip', customers: 1 }],
  customersWithoutVisit: 2,
  cohorts: [{ month: '2026-02', customers: 3, retention: [{ offset: 1, customers: 1, percent: 33.33 }] }],
  liability: {
    byProgram: [
      {
        programId: 'p1',
        name: 'Kawa',
        unit: 'points',
        outstanding: 150,
        cheapestRewardCost: 100,
        rewardsClaimable: 1,
        unitValueGrosze: 500 / 12,
        valuedBy: { rewardId: 'r1', name: 'Kawa gratis', cost: 12, valueGrosze: 500 },
        valueGrosze: 6250,
      },
      {
        programId: 'p2',
        name: '',
        unit: 'stamps',
        outstanding: 3,
        cheapestRewardCost: 10,
        rewardsClaimable: 0,
        unitValueGrosze: null,
        valuedBy: null,
        valueGrosze: null,
      },
    ],
    rewardsClaimable: 1,
    valueGrosze: 6250,
    valuePln: 62.5,
    unvaluedPrograms: 1,
  },
} as unknown as AnalyticsResponse;

describe('analytics tables and their CSV', () => {
  const tables = Object.fromEntries(analyticsTables(response, () => '').map((t) => [t.id, t]));

  it('writes Polish headers, labels and decimal commas; protects formulas and quotes separators', () => {
    expect(tableCsv(tables['rewards']!)).toBe('\uFEFFNagroda;Odebrane\r\n"\'=Kawa; duża";4\r\n');
    expect(tableCsv(tables['cohorts']!)).toBe(
      '\uFEFFMiesiąc pierwszej wizyty;Klienci;Po 1 mies. (%)\r\nluty 2026;3;33,33\r\n',
    );
    expect(tables['nps']!.rows).toEqual([['tydzień od 02.03.2026', 5, 40, 60, 20]]);
    expect(tables['segments']!.rows).toEqual([
      ['VIP (10% najczęstszych)', 1],
      ['Bez wizyty', 2],
    ]);
    expect(tables['visits']!.rows).toEqual([['03.03.2026', 3, 2, 1]]);
  });

  it('values the liability in złoty: per program, „nie wyceniono” without a valued reward, and a total row', () => {
    const named = Object.fromEntries(
      analyticsTables(response, (id) => (id === 'p2' ? 'Pieczątki' : '')).map((t) => [t.id, t]),
    );
    expect(named['liability']!.rows).toEqual([
      ['Kawa', 'punkty', 150, 100, 1, 41.67, 'Kawa gratis', 62.5],
      ['Pieczątki', 'pieczątki', 3, 10, 0, null, null, 'nie wyceniono'],
      ['Razem (programy wycenione)', null, null, null, 1, null, null, 62.5],
    ]);
    expect(tableCsv(named['liability']!)).toBe(
      '\uFEFFProgram;Jednostka;Na kartach;Najtańsza nagroda;Nagród do odebrania;Wartość 1 pkt / piecz. (gr);' +
        'Wycena według nagrody;Wartość (zł)\r\n' +
        'Kawa;punkty;150;100;1;41,67;Kawa gratis;62,50\r\n' +
        'Pieczątki;pieczątki;3;10;0;;;nie wyceniono\r\n' +
        'Razem (programy wycenione);;;;1;;;62,50\r\n',
    );
  });

  it('without any valued program there is no total row', () => {
    const unvalued = {
      ...response,
      liability: { ...response.liability, byProgram: [response.liability.byProgram[1]!], valueGrosze: null },
    } as AnalyticsResponse;
    const table = analyticsTables(unvalued, () => 'Pieczątki').find((t) => t.id === 'liability')!;
    expect(table.rows).toEqual([['Pieczątki', 'pieczątki', 3, 10, 0, null, null, 'nie wyceniono']]);
  });

  it('labels periods by day, week and month', () => {
    expect(periodLabel('2026-03-05', 'day')).toBe('05.03.2026');
    expect(periodLabel('2026-03-02', 'week')).toBe('tydzień od 02.03.2026');
    expect(periodLabel('2026-12', 'month')).toBe('grudzień 2026');
  });
});

describe('the URL state', () => {
  it('defaults to 30 days; a preset, program and segment go to the API', () => {
    expect(toAnalyticsQuery(AnalyticsSearch.parse({}))).toEqual({ preset: '30d' });
    expect(toAnalyticsQuery(AnalyticsSearch.parse({ okres: '90d', program: 'p1', segment: 'vip' }))).toEqual({
      preset: '90d',
      loyaltyProgramId: 'p1',
      customerSegment: 'vip',
    });
  });
  it('a custom range goes as dates; an invalid one falls back to 30 days; junk is ignored', () => {
    expect(
      toAnalyticsQuery(AnalyticsSearch.parse({ okres: 'custom', od: '2026-03-01', do: '2026-03-31' })),
    ).toEqual({
      preset: 'custom',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    });
    expect(
      toAnalyticsQuery(AnalyticsSearch.parse({ okres: 'custom', od: '2026-03-31', do: '2026-03-01' })),
    ).toEqual({
      preset: '30d',
    });
    expect(AnalyticsSearch.parse({ okres: 'wczoraj', segment: 'x', od: 'jutro' })).toEqual({ okres: '30d' });
  });
});

describe('the monthly summary', () => {
  it('is the previous whole month, across a year and a leap February', () => {
    expect(previousMonth('2026-03-15')).toEqual({ od: '2026-02-01', do: '2026-02-28' });
    expect(previousMonth('2028-03-01')).toEqual({ od: '2028-02-01', do: '2028-02-29' });
    expect(previousMonth('2027-01-31')).toEqual({ od: '2026-12-01', do: '2026-12-31' });
  });
});

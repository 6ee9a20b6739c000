import { describe, expect, it } from 'vitest';
import {
  EMPTY_VALUE,
  formatCurrency,
  formatInteger,
  formatNumber,
  formatPercent,
  formatPoints,
  formatStamps,
  plural,
} from './format';

// Polish groups thousands with a no-break space, 4-digit numbers too („4 250,00 zł”; Intl's pl-PL only from 5).
const NBSP = '\u00a0';

describe('formatNumber', () => {
  it('uses 2 decimals and a decimal comma by default', () => {
    expect(formatNumber(1234.5)).toBe(`1${NBSP}234,50`);
    expect(formatNumber(4250)).toBe(`4${NBSP}250,00`);
    expect(formatNumber(0)).toBe('0,00');
    expect(formatNumber(12345.678)).toBe(`12${NBSP}345,68`);
    expect(formatNumber(-3.14159)).toBe('-3,14');
  });

  it('accepts another number of decimals', () => {
    expect(formatNumber(3.14159, 0)).toBe('3');
    expect(formatNumber(3.14159, 3)).toBe('3,142');
  });

  it('shows a dash for missing values', () => {
    expect(formatNumber(undefined)).toBe(EMPTY_VALUE);
    expect(formatNumber(null)).toBe(EMPTY_VALUE);
    expect(formatNumber(Number.NaN)).toBe(EMPTY_VALUE);
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe(EMPTY_VALUE);
  });
});

describe('formatCurrency', () => {
  it('suffixes PLN with 0–2 fraction digits', () => {
    expect(formatCurrency(30)).toBe('30 PLN');
    expect(formatCurrency(288)).toBe('288 PLN');
    expect(formatCurrency(28.8)).toBe('28,8 PLN');
    expect(formatCurrency(39.999)).toBe('40 PLN');
    expect(formatCurrency(12.345)).toBe('12,35 PLN');
    expect(formatCurrency(38400)).toBe(`38${NBSP}400 PLN`);
  });

  it('shows a dash for missing values', () => {
    expect(formatCurrency(undefined)).toBe(EMPTY_VALUE);
  });
});

describe('formatPercent', () => {
  it('formats percent points with 0–2 fraction digits', () => {
    expect(formatPercent(25)).toBe('25%');
    expect(formatPercent(12.5)).toBe('12,5%');
    expect(formatPercent(33.3333)).toBe('33,33%');
    expect(formatPercent(0)).toBe('0%');
  });

  it('formats ratios when asked', () => {
    expect(formatPercent(0.125, { ratio: true })).toBe('12,5%');
    expect(formatPercent(1, { ratio: true })).toBe('100%');
  });

  it('shows a dash for missing values', () => {
    expect(formatPercent(null)).toBe(EMPTY_VALUE);
  });
});

describe('small values written without Intl', () => {
  it('match Intl.NumberFormat exactly, for every number of fraction digits the formatters use', () => {
    const values = [
      0,
      0.1,
      0.2 + 0.1,
      1,
      5.5,
      12.34,
      28.8,
      99.99,
      100,
      288,
      999.5,
      1234.5,
      9999.99,
      9999.995,
    ];
    for (const v of [...values, ...values.map((x) => -x), 10_000, 12_345.67, -0]) {
      const intl = (min: number, max: number) =>
        new Intl.NumberFormat('pl-PL', {
          minimumFractionDigits: min,
          maximumFractionDigits: max,
          useGrouping: false,
        })
          .format(v)
          .replace(/\d+/, (whole) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP));
      expect(formatNumber(v), `${v}`).toBe(intl(2, 2));
      expect(formatNumber(v, 0), `${v}`).toBe(intl(0, 0));
      expect(formatNumber(v, 3), `${v}`).toBe(intl(3, 3));
      expect(formatCurrency(v), `${v}`).toBe(`${intl(0, 2)} PLN`);
      expect(formatInteger(v), `${v}`).toBe(intl(0, 0));
    }
  });
});

describe('formatInteger', () => {
  it('rounds to whole numbers with Polish grouping', () => {
    expect(formatInteger(12345.6)).toBe(`12${NBSP}346`);
    expect(formatInteger(500)).toBe('500');
    expect(formatInteger(4250)).toBe(`4${NBSP}250`);
    expect(formatPoints(1200)).toBe(`1${NBSP}200 pkt`);
  });
});

describe('Polish plurals', () => {
  it('pluralises cards in Polish', () => {
    expect([1, 2, 5, 12, 22].map((n) => `${n} ${plural(n, 'karta', 'karty', 'kart')}`)).toEqual([
      '1 karta',
      '2 karty',
      '5 kart',
      '12 kart',
      '22 karty',
    ]);
  });

  it('points and Polish plurals of stamps', () => {
    expect(formatPoints(142)).toBe('142 pkt');
    expect(formatStamps(1)).toBe('1 pieczątka');
    expect(formatStamps(3)).toBe('3 pieczątki');
    expect(formatStamps(5)).toBe('5 pieczątek');
    expect(formatStamps(12)).toBe('12 pieczątek');
    expect(formatStamps(22)).toBe('22 pieczątki');
  });
});

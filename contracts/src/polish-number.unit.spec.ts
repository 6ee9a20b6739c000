import { describe, expect, it } from 'vitest';
import { formatPln, formatPolish, groupThousands, NBSP } from './polish-number';

describe('Polish numbers', () => {
  it('group thousands with a no-break space from four digits on', () => {
    expect(formatPolish(4250)).toBe(`4${NBSP}250`);
    expect(formatPolish(999)).toBe('999');
    expect(formatPolish(1_234_567.891, { maximumFractionDigits: 2 })).toBe(`1${NBSP}234${NBSP}567,89`);
    expect(formatPolish(-12_345)).toBe(`-12${NBSP}345`);
  });

  it('write money in złoty with two decimals', () => {
    expect(formatPln(425_000)).toBe(`4${NBSP}250,00${NBSP}zł`);
    expect(formatPln(1250)).toBe(`12,50${NBSP}zł`);
    expect(formatPln(0)).toBe(`0,00${NBSP}zł`);
  });

  it('leave the fraction alone when grouping', () => {
    expect(groupThousands('1234,5678')).toBe(`1${NBSP}234,5678`);
    expect(groupThousands('×1,25')).toBe('×1,25');
  });

  it('write a whole number as Intl would, without making a formatter for it', () => {
    const intl = new Intl.NumberFormat('pl-PL', { useGrouping: false });
    for (const n of [
      0,
      -0,
      7,
      -7,
      1000,
      99_999,
      -1_234_567,
      2 ** 40,
      Number.MAX_SAFE_INTEGER,
      1.5,
      -0.25,
      1e21,
    ])
      expect(formatPolish(n), String(n)).toBe(groupThousands(intl.format(n)));
  });
});

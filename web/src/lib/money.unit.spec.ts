import { describe, expect, it } from 'vitest';
import { formatGrosze, groszeToInput, parsePriceToGrosze } from './money';

describe('parsing a price typed in złoty', () => {
  it.each([
    ['12,50', 1250],
    ['12.50', 1250],
    ['12,5', 1250],
    ['12', 1200],
    ['0,29', 29],
    ['0.01', 1],
    ['1 234,99', 123499],
    [' 45 zł ', 4500],
    ['0', 0],
  ])('%s → %i gr', (input, grosze) => {
    expect(parsePriceToGrosze(input)).toBe(grosze);
  });

  it.each(['', 'abc', '12,505', '-5', '12,', ',50', '1e3', '12,50,1'])('rejects %j', (input) => {
    expect(parsePriceToGrosze(input)).toBeNull();
  });
});

describe('showing a price', () => {
  it('formats grosze as Polish złoty', () => {
    expect(formatGrosze(1250)).toBe('12,50 zł');
    expect(formatGrosze(0)).toBe('0,00 zł');
    expect(formatGrosze(29)).toBe('0,29 zł');
  });

  it('puts a stored price back into the form with a comma', () => {
    expect(groszeToInput(1250)).toBe('12,50');
    expect(groszeToInput(5)).toBe('0,05');
    expect(parsePriceToGrosze(groszeToInput(123499))).toBe(123499);
  });
});

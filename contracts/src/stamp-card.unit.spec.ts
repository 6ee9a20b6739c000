import { describe, expect, it } from 'vitest';
import { stampCardReading, stampCardText } from './stamp-card';

describe('a stamp card of 10', () => {
  it.each([
    [0, { current: 0, fullCards: 0 }, '0 z 10'],
    [7, { current: 7, fullCards: 0 }, '7 z 10'],
    [10, { current: 10, fullCards: 0 }, '10 z 10'],
    [11, { current: 1, fullCards: 1 }, '1 z 10 + 1 pełna karta'],
    [17, { current: 7, fullCards: 1 }, '7 z 10 + 1 pełna karta'],
    [20, { current: 10, fullCards: 1 }, '10 z 10 + 1 pełna karta'],
    [27, { current: 7, fullCards: 2 }, '7 z 10 + 2 pełne karty'],
    [57, { current: 7, fullCards: 5 }, '7 z 10 + 5 pełnych kart'],
  ])('given %i stamps, the current card and the full ones read %j, %s', (stamps, reading, text) => {
    expect(stampCardReading(stamps, 10)).toEqual(reading);
    expect(stampCardText(stamps, 10)).toBe(text);
  });

  it('never shows more stamps on the current card than it holds', () => {
    for (let stamps = 0; stamps <= 500; stamps++) {
      const { current, fullCards } = stampCardReading(stamps, 10);
      expect(current).toBeLessThanOrEqual(10);
      expect(current + fullCards * 10).toBe(stamps);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { effectText, exampleExpiryValues } from './automation-text';

describe('effectText', () => {
  it('says nothing went yet', () => {
    expect(effectText({ sent: 0, returned: 0 })).toBe('W ostatnich 30 dniach nie wysłano żadnej.');
  });
  it('counts the people and their returns in Polish', () => {
    expect(effectText({ sent: 12, returned: 3 })).toBe(
      'W ostatnich 30 dniach: 12 osób, z nich 3 wróciły w ciągu 14 dni (25%).',
    );
    expect(effectText({ sent: 1, returned: 1 })).toBe(
      'W ostatnich 30 dniach: 1 osoba, z nich 1 wróciła w ciągu 14 dni (100%).',
    );
  });
});

describe('exampleExpiryValues', () => {
  // 00:30 on 13 November in Warsaw, still the 12th in UTC: the days count from Warsaw's date
  const now = new Date('2026-11-12T23:30:00Z');
  it('shows stamps for a stamp card and points otherwise, 30 Warsaw days ahead', () => {
    expect(exampleExpiryValues([{ kind: 'stamps' }], now)).toEqual({
      ile: '3 pieczątki',
      data: '13 grudnia 2026',
    });
    expect(exampleExpiryValues([{ kind: 'points' }], now)).toEqual({
      ile: '40 pkt',
      data: '13 grudnia 2026',
    });
    expect(exampleExpiryValues([], now).ile).toBe('40 pkt');
  });
});

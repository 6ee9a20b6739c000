import { describe, expect, it } from 'vitest';
import { effectText } from './automation-text';

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

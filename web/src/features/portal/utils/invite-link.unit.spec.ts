import { describe, expect, it } from 'vitest';
import { bonusLabel, inviteLinkOf } from './invite-link';

describe('the invite on /klient/karty (ADR 0061)', () => {
  it('links to the site’s /polecenie/<code>', () => {
    expect(inviteLinkOf('abcdefghijk2', 'https://punkto.example')).toBe(
      'https://punkto.example/polecenie/abcdefghijk2',
    );
  });

  it('says the bonus in the program’s unit, in Polish', () => {
    expect(bonusLabel(50, 'points')).toBe('50 pkt');
    // grouped from four digits on, as every count on the card tile (lib/format.ts)
    expect(bonusLabel(1000, 'points')).toBe('1\u00a0000 pkt');
    expect(bonusLabel(1000, 'stamps')).toBe('1\u00a0000 pieczątek');
    expect(bonusLabel(1, 'stamps')).toBe('1 pieczątkę');
    expect(bonusLabel(3, 'stamps')).toBe('3 pieczątki');
    expect(bonusLabel(5, 'stamps')).toBe('5 pieczątek');
    expect(bonusLabel(12, 'stamps')).toBe('12 pieczątek');
  });
});

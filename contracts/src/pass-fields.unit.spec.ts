import { describe, expect, it } from 'vitest';
import { googleBalanceOf, storeCardFields, type CardOnPass } from './pass-fields';

const base = {
  cardNumber: '1234 5678 90',
  programName: 'Program',
  companyName: 'Pod Lipą',
  companyAddress: null,
  terms: null,
  portalUrl: 'https://punkto.example/klient/karty',
  nextReward: { name: 'Kawa gratis', cost: 10 },
} as const;

describe('the front and back of a pass', () => {
  describe('when the program counts stamps', () => {
    const card: CardOnPass = { ...base, kind: 'stamps', stamps: 7, stampsRequired: 10 };

    it('shows "7 z 10" with a lock-screen message, and how many stamps are missing', () => {
      const fields = storeCardFields(card);
      expect(fields.primaryFields).toEqual([
        { key: 'stamps', label: 'Pieczątki', value: '7 z 10', changeMessage: 'Pieczątki: %@' },
      ]);
      expect(fields.secondaryFields.map((f) => [f.label, f.value])).toEqual([
        ['Następna nagroda', 'Kawa gratis'],
        ['Brakuje', '3 piecz.'],
      ]);
    });

    it('never shows more stamps than the card holds: 17 on a 10-stamp card read 7 z 10 and one full card (ADR 0043)', () => {
      const fields = storeCardFields({ ...card, stamps: 17 });
      expect(fields.primaryFields[0]!.value).toBe('7 z 10 + 1 pełna karta');
      expect(googleBalanceOf({ ...card, stamps: 17 })).toEqual({
        points: { label: 'Pieczątki', balance: { string: '7/10 +1' } },
        notice: 'Pieczątki: 7 z 10 + 1 pełna karta',
      });
    });

    it('says the reward can be collected once the stamps cover it', () => {
      const fields = storeCardFields({ ...card, stamps: 10 });
      expect(fields.secondaryFields[1]).toMatchObject({ label: 'Nagroda', value: 'do odebrania' });
    });
  });

  describe('when the program has tiers', () => {
    it('shows the level (announced on change), the points and the multiplier in Polish notation', () => {
      const fields = storeCardFields({
        ...base,
        kind: 'tiers',
        points: 1250,
        tier: 'Złoty',
        multiplier: 1.5,
      });
      expect(fields.primaryFields[0]).toMatchObject({
        label: 'Poziom',
        value: 'Złoty',
        changeMessage: 'Twój poziom to teraz %@',
      });
      expect(fields.secondaryFields[0]).toMatchObject({
        label: 'Punkty',
        value: 1250,
        changeMessage: 'Masz teraz %@ pkt',
      });
      expect(fields.auxiliaryFields[0]).toMatchObject({ label: 'Mnożnik punktów', value: '×1,5' });
    });

    it('a card without a level yet shows a dash', () => {
      expect(
        storeCardFields({ ...base, kind: 'tiers', points: 0, tier: null, multiplier: 1 }).primaryFields[0]!
          .value,
      ).toBe('—');
    });
  });

  describe('when the program counts points', () => {
    it('without rewards shows only the balance; thousands use Polish spacing', () => {
      const fields = storeCardFields({ ...base, kind: 'points', points: 5, nextReward: null });
      expect(fields.secondaryFields).toEqual([]);
      const many = storeCardFields({
        ...base,
        kind: 'points',
        points: 0,
        nextReward: { name: 'Tort', cost: 12_000 },
      });
      expect(many.secondaryFields[1]!.value).toBe('12\u00a0000 pkt'); // a no-break space keeps the number on one line
    });
  });

  it('the back names the program and company, the address and terms when known, and the portal link', () => {
    const fields = storeCardFields({
      ...base,
      kind: 'points',
      points: 1,
      companyAddress: 'ul. Długa 5',
      terms: 'Zasady',
    });
    expect(fields.backFields.map((f) => f.label)).toEqual([
      'Program',
      'Firma',
      'Adres',
      'Zasady programu',
      'Twoje karty i historia',
    ]);
    expect(storeCardFields({ ...base, kind: 'points', points: 1 }).backFields.map((f) => f.key)).toEqual([
      'program',
      'company',
      'portal',
    ]);
  });

  it('while the company runs referrals, the back carries the customer’s invite link (ADR 0061)', () => {
    const invite = 'https://punkto.example/polecenie/abcdefghijk2';
    const fields = storeCardFields({ ...base, kind: 'points', points: 1, inviteUrl: invite });
    expect(fields.backFields.map((f) => f.key)).toEqual(['program', 'company', 'invite', 'portal']);
    expect(fields.backFields.find((f) => f.key === 'invite')).toEqual({
      key: 'invite',
      label: 'Poleć znajomemu — Twój link z zaproszeniem',
      value: invite,
    });
    const off = storeCardFields({ ...base, kind: 'points', points: 1, inviteUrl: null });
    expect(off.backFields.map((f) => f.key)).not.toContain('invite');
  });
});

import { describe, expect, it } from 'vitest';
import { formatPhone, lookupE164, OptionalPhone, Phone, PhoneMessages, toE164 } from './phone';

const messagesOf = (value: unknown) => Phone.safeParse(value).error?.issues.map((i) => i.message);

describe('the phone schema (ADR 0042)', () => {
  describe('given a number without a country code', () => {
    it('reads it as Polish and stores E.164', () => {
      for (const typed of ['600100200', '600 100 200', '600-100-200', ' (600) 100.200 '])
        expect(Phone.parse(typed)).toBe('+48600100200');
      expect(Phone.parse('12 345 67 89')).toBe('+48123456789');
    });
  });

  describe('given a number with its country code', () => {
    it.each([
      ['+48 600 100 200', '+48600100200'],
      ['0048 600-100-200', '+48600100200'],
      ['+380 50 123 4567', '+380501234567'],
      ['00380 50 123 45 67', '+380501234567'],
      ['+380-50-123-45-67', '+380501234567'],
      ['+49 151 23456789', '+4915123456789'],
      ['0049 (151) 2345 6789', '+4915123456789'],
      ['+49 30 123456', '+4930123456'],
    ])('takes %j as %s', (typed, stored) => {
      expect(Phone.parse(typed)).toBe(stored);
    });
  });

  describe('given something that is not a phone number', () => {
    it.each([
      ['too short', '12345'],
      ['a Polish number with a digit missing', '+48 600 100 20'],
      ['a Polish number with a digit too many', '6001002001'],
      ['letters', 'abc'],
      ['a number with letters', '600 100 2OO'],
      ['an unknown country code', '+999 123 456 789'],
      ['a German number too short for Germany', '+49 1'],
      ['a number given as a number', 600100200],
      ['a very long text', '6'.repeat(41)],
    ])('refuses %s with one Polish message', (_, value) => {
      expect(messagesOf(value)).toEqual([PhoneMessages.format]);
    });

    it('says how to give a foreign number', () => {
      expect(PhoneMessages.format).toContain('kierunkowym kraju');
    });
  });

  describe('given an optional phone', () => {
    it('an empty box or null is no number; anything else must be a phone', () => {
      expect(OptionalPhone.parse('')).toBeNull();
      expect(OptionalPhone.parse('   ')).toBeNull();
      expect(OptionalPhone.parse(null)).toBeNull();
      expect(OptionalPhone.parse('+380 50 123 4567')).toBe('+380501234567');
      expect(OptionalPhone.safeParse('12').error?.issues.map((i) => i.message)).toEqual([
        PhoneMessages.format,
      ]);
    });
  });
});

describe('a number staff type to find someone', () => {
  it('matches whatever form it is typed in', () => {
    for (const typed of ['+380501234567', '+380 50 123 45 67', '00380501234567', '380 50 123 45 67'])
      expect(lookupE164(typed)).toBe('+380501234567');
    expect(lookupE164('48 600 100 200')).toBe('+48600100200');
    expect(lookupE164('600 100 200')).toBe('+48600100200');
  });

  it('finds nothing to look for in what is not a number', () => {
    expect(lookupE164('12345')).toBeNull();
    expect(lookupE164('jan@example.pl')).toBeNull();
  });

  it('saving does not guess a country for digits without a code', () => {
    expect(toE164('380501234567')).toBeNull();
  });
});

describe('a stored number as people read it', () => {
  it('groups Polish numbers the Polish way, without the country code', () => {
    expect(formatPhone('+48600100200')).toBe('600 100 200');
    expect(formatPhone('+48123456789')).toBe('12 345 67 89');
    expect(formatPhone('+48999888777')).toBe('999 888 777');
  });

  it('shows foreign numbers in the international format', () => {
    expect(formatPhone('+380501234567')).toBe('+380 50 123 4567');
    expect(formatPhone('+4915123456789')).toBe('+49 1512 3456789');
  });

  it('shows anything else as it is', () => {
    expect(formatPhone('[dane usunięte]')).toBe('[dane usunięte]');
    expect(formatPhone('600100200')).toBe('600100200');
  });
});

import { describe, expect, it } from 'vitest';
import {
  EnrolmentLinkParams,
  normaliseShortCode,
  SHORT_CODE_ALPHABET,
  SHORT_CODE_LENGTH,
  SHORT_CODE_PATTERN,
  shortCodeProblem,
  TYPED_SHORT_CODE_PATTERN,
  shortLinkPath,
} from './enrolment-links';

describe('the short-code alphabet', () => {
  it('has 30 distinct characters: digits 2–9 and letters without I, L, O and U', () => {
    expect(new Set(SHORT_CODE_ALPHABET).size).toBe(30);
    expect(SHORT_CODE_ALPHABET).toMatch(/^[2-9A-Z]+$/);
    for (const confusable of ['0', '1', 'O', 'I', 'L', 'U'])
      expect(SHORT_CODE_ALPHABET).not.toContain(confusable);
    expect(SHORT_CODE_LENGTH).toBe(5);
  });

  it("is what the API document's patterns say, character for character (the two cannot drift apart)", () => {
    const printed = new RegExp(SHORT_CODE_PATTERN, 'u');
    const typed = new RegExp(TYPED_SHORT_CODE_PATTERN, 'u');
    for (const char of '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
      const inAlphabet = SHORT_CODE_ALPHABET.includes(char);
      const code = char.repeat(SHORT_CODE_LENGTH);
      expect(printed.test(code), char).toBe(inAlphabet);
      expect(typed.test(code.toLowerCase()), char).toBe(inAlphabet);
      expect(normaliseShortCode(code) !== null, char).toBe(inAlphabet);
    }
  });
});

describe('normaliseShortCode', () => {
  it('accepts a code as printed', () => expect(normaliseShortCode('AB3D9')).toBe('AB3D9'));

  it('accepts lower case, spaces, dashes and dots around and inside the code', () => {
    expect(normaliseShortCode('ab3d9')).toBe('AB3D9');
    expect(normaliseShortCode('  Ab3 d9 ')).toBe('AB3D9');
    expect(normaliseShortCode('AB3-D9')).toBe('AB3D9');
    expect(normaliseShortCode('ab.3d.9')).toBe('AB3D9');
  });

  it('accepts the whole short link pasted in, and a percent-encoded space', () => {
    expect(normaliseShortCode('https://app.punkto.pl/k/ab3d9')).toBe('AB3D9');
    expect(normaliseShortCode('app.punkto.pl/K/AB3D9?utm=plakat')).toBe('AB3D9');
    expect(normaliseShortCode('AB3%20D9')).toBe('AB3D9');
  });

  it('refuses 0, O, 1, I and L: no code has them, so there is nothing unambiguous to read them as', () => {
    for (const typed of ['AB0D9', 'ABOD9', 'AB1D9', 'ABID9', 'ABLD9'])
      expect(normaliseShortCode(typed)).toBeNull();
  });

  it('refuses other lengths and characters', () => {
    for (const typed of ['', 'AB3D', 'AB3D9X', 'AB3Ą9', 'AB3D!', 'ABUD9', '/k/'])
      expect(normaliseShortCode(typed)).toBeNull();
  });
});

describe('shortCodeProblem (what the code field says)', () => {
  it('nothing for a code, in any accepted form', () => {
    expect(shortCodeProblem('ab3d9')).toBeNull();
    expect(shortCodeProblem(' AB3-D9 ')).toBeNull();
  });

  it('says what is wrong, in Polish', () => {
    expect(shortCodeProblem('  ')).toBe('Wpisz kod programu z plakatu, np. AB3D9.');
    expect(shortCodeProblem('AB0D9')).toMatch(/nie zawiera liter O, I, L ani cyfr 0 i 1/);
    expect(shortCodeProblem('AB3Ą9')).toMatch(/tylko z liter i cyfr/);
    expect(shortCodeProblem('AB3D')).toBe('Kod programu ma 5 znaków, np. AB3D9.');
  });
});

describe('the resolve call', () => {
  it('takes a code in any accepted form and refuses anything else with a Polish message', () => {
    expect(EnrolmentLinkParams.safeParse({ code: 'ab3d9' }).success).toBe(true);
    const refused = EnrolmentLinkParams.safeParse({ code: 'AB0D9' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/^Kod programu ma 5 znaków/);
  });

  it('the web path of a code', () => expect(shortLinkPath('AB3D9')).toBe('/k/AB3D9'));
});

import { describe, expect, it } from 'vitest';
import { CreateTenantRequest, isValidNip, NipMessages, randomNip } from './tenant';

describe('NIP', () => {
  it('accepts valid numbers with dashes or spaces and normalises them to 10 digits', () => {
    for (const nip of ['123-456-32-18', '1234563218', ' 526 000 12 46 ', '526-00-01-246'])
      expect(CreateTenantRequest.parse({ companyName: 'Firma', nip }).nip).toMatch(/^\d{10}$/);
    expect(CreateTenantRequest.parse({ companyName: 'Firma', nip: '123-456-32-18' }).nip).toBe('1234563218');
  });

  it('checks the official checksum (weights 6,5,7,2,3,4,5,6,7; mod 11; remainder 10 invalid)', () => {
    expect(isValidNip('1234563218')).toBe(true);
    expect(isValidNip('1234563219')).toBe(false);
    // 6·1 + 6·1 + 7·6 = 54 ≡ 10 (mod 11): no check digit can match
    for (let d = 0; d <= 9; d++) expect(isValidNip(`100000016${d}`)).toBe(false);
    expect(isValidNip('123456321')).toBe(false);
  });

  it('explains what is wrong in Polish, one message per problem', () => {
    const issues = (nip: string) =>
      CreateTenantRequest.safeParse({ companyName: 'Firma', nip }).error?.issues.map((i) => i.message);
    expect(issues('12-34')).toEqual([NipMessages.format]);
    expect(issues('12345abcde')).toEqual([NipMessages.format]);
    expect(issues('1234563217')).toEqual([NipMessages.checksum]);
  });

  it('trims the company name and bounds it to 2–120 characters', () => {
    const parse = (companyName: string) =>
      CreateTenantRequest.safeParse({ companyName, nip: '1234563218' }).error?.issues[0]?.message;
    expect(parse(' A ')).toBe('Nazwa firmy musi mieć co najmniej 2 znaki.');
    expect(parse('x'.repeat(121))).toBe('Nazwa firmy może mieć najwyżej 120 znaków.');
    expect(parse('Kawiarnia')).toBeUndefined();
  });
});

describe('randomNip (test data)', () => {
  it('draws NIPs that pass the checksum, even when the first draw has remainder 10', () => {
    for (let i = 0; i < 200; i++) expect(isValidNip(randomNip())).toBe(true);
    // 1,0,0,0,0,0,0,8,0: 6·1 + 6·8 = 54, remainder 10 — drawn again (5,5,5,5,5,5,5,5,5 → 5555555555)
    const draws = [0, 0, 0, 0, 0, 0, 0, 0.85, 0, ...Array<number>(9).fill(0.5)];
    expect(randomNip(() => draws.shift() ?? 0.5)).toBe('5555555555');
  });
});

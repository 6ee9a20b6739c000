import { describe, expect, it } from 'vitest';
import { Username } from './identity';
import { ProgramInput } from './programs';
import { CompanyName, CreateTenantRequest } from './tenant';
import { CONTROL_CHARACTERS_MESSAGE, multiLineText, singleLineText } from './text';

// Issue 15 finding 10: no control characters in names and other human texts.
describe('singleLineText', () => {
  const name = singleLineText().min(2).max(120);

  it.each([
    ['CR LF', 'Kawiarnia\r\nBcc: ofiara@example.com'],
    ['LF', 'Kawiarnia\nDruga linia'],
    ['TAB', 'Kawiarnia\tPod Lipą'],
    ['NUL', 'Kawiarnia\u0000'],
    ['ESC', '\u001b[31mKawiarnia'],
    ['DEL', 'Kawiarnia\u007f'],
    ['C1 NEL', 'Kawiarnia\u0085Lipa'],
    ['right-to-left override', 'Kawiarnia \u202Egnp.exe'],
    ['bidi isolate', 'Kawiarnia \u2066Lipa\u2069'],
    ['zero-width space', 'Kawia\u200Brnia'],
    ['byte order mark inside', 'Kawia\uFEFFrnia'],
    ['line separator', 'Kawiarnia\u2028Lipa'],
  ])('refuses %s with the Polish message', (_what, value) => {
    const result = name.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(CONTROL_CHARACTERS_MESSAGE);
  });

  it.each([
    'Kawiarnia Pod Lipą',
    'Zakład Fryzjerski „Żaneta” – Łódź',
    "Bistro O'Neill & Syn",
    'Kawa ☕ i 🥐',
    'Rodzinna 👨‍👩‍👧 piekarnia', // emoji joined by ZWJ
    'Café Über-Ślęża (1/2)',
  ])('accepts %s', (value) => {
    expect(name.parse(value)).toBe(value);
  });

  it('trims surrounding white space, line breaks included, before checking', () => {
    expect(name.parse('  Kawiarnia \n')).toBe('Kawiarnia');
  });
});

describe('multiLineText', () => {
  const description = multiLineText().max(500);
  it('accepts line breaks and refuses other control characters', () => {
    expect(description.parse('Pierwsza linia\r\nDruga linia\nTrzecia')).toContain('Druga');
    expect(description.safeParse('Opis\u0000').success).toBe(false);
    expect(description.safeParse('Opis\tz tabulatorem').success).toBe(false);
    expect(description.safeParse('Opis \u202Eodwrócony').success).toBe(false);
  });
});

describe('the real schemas use it', () => {
  it('company, account, client and employee names', () => {
    expect(CompanyName.safeParse('Firma\r\nX').success).toBe(false);
    expect(Username.safeParse('Jan\nKowalski').success).toBe(false);
    const tenant = CreateTenantRequest.safeParse({ companyName: 'Kawiarnia\r\nLipa', nip: '123-456-32-18' });
    expect(tenant.success).toBe(false);
    expect(tenant.error?.issues[0]?.path).toEqual(['companyName']);
  });

  it('program names refuse them, program descriptions keep their lines', () => {
    const base = { kind: 'points', pointsPerPln: 1, active: true };
    expect(ProgramInput.safeParse({ ...base, name: 'Kawa\u0000' }).success).toBe(false);
    expect(ProgramInput.safeParse({ ...base, name: 'Kawa', description: 'Linia 1\nLinia 2' }).success).toBe(
      true,
    );
  });
});

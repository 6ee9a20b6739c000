import { describe, expect, it } from 'vitest';
import { Username } from './identity';
import { MessageTitle } from './messages';
import { ProgramInput } from './programs';
import { CompanyName, CreateTenantRequest } from './tenant';
import {
  CONTROL_CHARACTERS_MESSAGE,
  INVISIBLE_CHARACTERS_MESSAGE,
  multiLineText,
  printableText,
  singleLineText,
} from './text';

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
    'Tęczowa 🏳️‍🌈 kawiarnia', // flag, variation selector, ZWJ, emoji
    'Programistka 👩🏽‍💻', // skin tone, ZWJ, emoji
    'Pub 🏴󠁧󠁢󠁳󠁣󠁴󠁿 Highland', // subdivision flag with tag letters
    'Kawa ☕️', // emoji variation selector
    'Café Über-Ślęża (1/2)',
  ])('accepts %s', (value) => {
    expect(name.parse(value)).toBe(value);
  });

  it('trims surrounding white space, line breaks included, before checking', () => {
    expect(name.parse('  Kawiarnia \n')).toBe('Kawiarnia');
  });
});

// Issue 32: invisible and broken characters ended up as „�” in the KSeF invoice XML.
describe('invisible and broken characters', () => {
  const name = singleLineText().min(2).max(120);

  it.each([
    ['a leading byte order mark', '\uFEFFKawiarnia'],
    ['a trailing byte order mark', 'Kawiarnia\uFEFF'],
    ['a byte order mark inside', 'Kawia\uFEFFrnia'],
    ['a zero-width space', 'Kawia\u200Brnia'],
    ['a zero-width non-joiner', 'Kawia\u200Crnia'],
    ['a zero-width joiner between letters', 'Kawia\u200Drnia'],
    ['a zero-width joiner after an emoji, before a letter', 'Kawa ☕\u200Dx'],
    ['a word joiner', 'Kawia\u2060rnia'],
    ['a left-to-right mark', 'Kawiarnia\u200E'],
    ['a right-to-left override', 'Kawiarnia \u202Egnp.exe'],
    ['every bidi embedding and override', 'A\u202AB\u202BC\u202CD\u202DE'],
    ['a bidi isolate', 'Kawiarnia \u2066Lipa\u2069'],
    ['a soft hyphen', 'Kawi\u00ADarnia'],
    ['a Hangul filler', 'Kawiarnia \u3164'],
    ['a line separator', 'Kawiarnia\u2028Lipa'],
    ['an unpaired high surrogate', 'Kawiarnia \uD83D'],
    ['an unpaired low surrogate', '\uDE00 Kawiarnia'],
    ['a replacement character', 'Kawiarnia Pod Lip\uFFFD'],
    ['a noncharacter', 'Kawiarnia\uFFFF'],
    ['tag letters outside a flag', 'Kawiarnia\u{E0041}'],
  ])('refuses %s with the Polish message', (_what, value) => {
    const result = name.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(INVISIBLE_CHARACTERS_MESSAGE);
  });

  it('stores the NFC form: a name typed in NFD is the same name as one typed in NFC', () => {
    const nfd = 'Kawiarnia Pod Lipą, Łódź'.normalize('NFD');
    expect(nfd).not.toBe('Kawiarnia Pod Lipą, Łódź');
    expect(name.parse(nfd)).toBe('Kawiarnia Pod Lipą, Łódź');
    expect(multiLineText().parse(`  ${'Zażółć\ngęślą jaźń'.normalize('NFD')} `)).toBe('Zażółć\ngęślą jaźń');
  });

  it('counts the length of the normalised text', () => {
    const short = singleLineText().max(4);
    expect(short.parse('ąęść'.normalize('NFD'))).toBe('ąęść'); // 8 code units in NFD, 4 in NFC
  });
});

describe('multiLineText', () => {
  const description = multiLineText().max(500);
  it('accepts line breaks and refuses other control characters', () => {
    expect(description.parse('Pierwsza linia\r\nDruga linia\nTrzecia')).toContain('Druga');
    expect(description.safeParse('Opis\u0000').success).toBe(false);
    expect(description.safeParse('Opis\tz tabulatorem').success).toBe(false);
    expect(description.safeParse('Opis \u202Eodwrócony').success).toBe(false);
    expect(description.safeParse('Opis\n\uFEFFz BOM').success).toBe(false);
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

  it('names are stored NFC and refuse invisible characters (issue 32)', () => {
    expect(Username.parse('Łucja Żółć'.normalize('NFD'))).toBe('Łucja Żółć');
    expect(CompanyName.parse('Kawiarnia Pod Lipą'.normalize('NFD'))).toBe('Kawiarnia Pod Lipą');
    const tenant = CreateTenantRequest.safeParse({ companyName: '\uFEFFKawiarnia', nip: '123-456-32-18' });
    expect(tenant.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['companyName'], INVISIBLE_CHARACTERS_MESSAGE],
    ]);
    expect(MessageTitle.safeParse('Promocja\u200B').success).toBe(false);
  });

  it('program names refuse them, program descriptions keep their lines', () => {
    const base = { kind: 'points', pointsPerPln: 1, active: true };
    expect(ProgramInput.safeParse({ ...base, name: 'Kawa\u0000' }).success).toBe(false);
    expect(ProgramInput.safeParse({ ...base, name: 'Kawa', description: 'Linia 1\nLinia 2' }).success).toBe(
      true,
    );
  });
});

describe('printableText', () => {
  it.each([
    ['\uFEFFKawiarnia', 'Kawiarnia'],
    ['Kawia\u200Brnia Pod Lipą', 'Kawiarnia Pod Lipą'],
    ['Kawiarnia \uD800Lipa', 'Kawiarnia Lipa'],
    ['Kawiarnia\r\nLipa', 'Kawiarnia Lipa'],
    ['Lipa\tzielona\u0000', 'Lipa zielona'],
    ['Kawiarnia Pod Lipą'.normalize('NFD'), 'Kawiarnia Pod Lipą'],
    ['Kawiarnia Pod Lipą', 'Kawiarnia Pod Lipą'],
  ])('makes %j printable as %j', (stored, printed) => {
    expect(printableText(stored)).toBe(printed);
  });
});

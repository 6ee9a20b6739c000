import { describe, expect, it } from 'vitest';
import { companyNameForComparison, sameCompanyName } from './company-name-match';

// Issue 32: the deletion confirmation refused a plain hyphen where the name has an em dash, with no hint.
describe('sameCompanyName: the company deletion confirmation', () => {
  it.each([
    ['plain hyphen for an em dash', 'Kawiarnia Pod Lipą — Łódź', 'Kawiarnia Pod Lipą - Łódź'],
    ['plain hyphen for an en dash', 'Kawiarnia – Łódź', 'Kawiarnia - Łódź'],
    ['non-breaking hyphen for a hyphen', 'Kawa-Bar', 'Kawa\u2011Bar'],
    ['hyphen (U+2010) for a minus sign', 'Bistro−2', 'Bistro\u20102'],
    ['no spaces around the dash', 'Kawiarnia — Łódź', 'Kawiarnia-Łódź'],
    ['straight quotes for Polish quotes', 'Zakład „Żaneta”', 'Zakład "Żaneta"'],
    ['typographic apostrophe for a straight one', "Bistro O'Neill", 'Bistro O’Neill'],
    ['guillemets for straight quotes', 'Sklep "U Basi"', 'Sklep «U Basi»'],
    ['surrounding spaces', 'Kawiarnia Pod Lipą', '  Kawiarnia Pod Lipą  '],
    ['multiple spaces and a tab', 'Kawiarnia Pod Lipą', 'Kawiarnia   Pod\tLipą'],
    ['a non-breaking space', 'Kawiarnia Pod Lipą', 'Kawiarnia\u00A0Pod Lipą'],
    ['any letter case', 'Kawiarnia Pod Lipą', 'KAWIARNIA POD LIPĄ'],
    ['NFD typing', 'Żółć Łódź', 'Żółć Łódź'.normalize('NFD')],
    ['a stored name with an invisible character', '\uFEFFKawiarnia', 'Kawiarnia'],
  ])('accepts %s', (_what, companyName, typed) => {
    expect(sameCompanyName(typed, companyName)).toBe(true);
  });

  it.each([
    ['another letter', 'Kawiarnia Pod Lipą', 'Kawiarnia Pod Lipa'],
    ['a missing word', 'Kawiarnia Pod Lipą', 'Kawiarnia Lipą'],
    ['words run together', 'Kawiarnia Pod Lipą', 'KawiarniaPod Lipą'],
    ['a dash that is not in the name', 'Kawa Bar', 'Kawa-Bar'],
    ['another punctuation mark', 'Kawa & Bar', 'Kawa + Bar'],
    ['nothing', 'Kawiarnia', '   '],
  ])('refuses %s', (_what, companyName, typed) => {
    expect(sameCompanyName(typed, companyName)).toBe(false);
  });

  it('compares one canonical form', () => {
    expect(companyNameForComparison('  Zakład „Żaneta” — Łódź ')).toBe('zakład "żaneta"-łódź');
  });
});

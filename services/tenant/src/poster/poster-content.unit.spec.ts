import { describe, expect, it } from 'vitest';
import { posterFileName, posterText, slugify } from './poster-content';

const url = 'https://app.punkto.pl/dodaj-karte-do-portfela?program=p1&firma=t1';

describe('posterText', () => {
  it('says what to do in three numbered Polish steps, with the company, program and link', () => {
    expect(
      posterText({
        companyName: ' Kawiarnia Pod Lipą ',
        programName: 'Co 10. kawa gratis',
        kind: 'stamps',
        enrolmentUrl: url,
      }),
    ).toEqual({
      companyName: 'Kawiarnia Pod Lipą',
      headline: 'Zbieraj pieczątki w telefonie!',
      programName: 'Program lojalnościowy „Co 10. kawa gratis”',
      steps: [
        'Zeskanuj kod aparatem telefonu.',
        'Załóż konto lub zaloguj się.',
        'Dodaj kartę do Apple Wallet lub Google Wallet.',
      ],
      urlLabel: 'Nie działa skanowanie? Wpisz adres:',
      url,
      footer: 'Karta lojalnościowa w telefonie · Punkto',
    });
  });

  it('picks the headline by program kind', () => {
    const headline = (kind: 'points' | 'stamps' | 'tiers') =>
      posterText({ companyName: 'A', programName: 'B', kind, enrolmentUrl: url }).headline;
    expect(headline('points')).toBe('Zbieraj punkty w telefonie!');
    expect(headline('tiers')).toBe('Zbieraj punkty w telefonie!');
    expect(headline('stamps')).toBe('Zbieraj pieczątki w telefonie!');
  });
});

describe('poster file name', () => {
  it('is an ASCII slug of the program name', () => {
    expect(slugify('Zażółć gęślą jaźń — Kawa!')).toBe('zazolc-gesla-jazn-kawa');
    expect(posterFileName('Co 10. kawa gratis')).toBe('plakat-co-10-kawa-gratis.pdf');
    expect(posterFileName('„…”')).toBe('plakat-program.pdf');
    expect(slugify('x'.repeat(100))).toHaveLength(60);
  });
});

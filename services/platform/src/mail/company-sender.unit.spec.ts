import { describe, expect, it } from 'vitest';
import { companySender, companySenderName, DISPLAY_NAME_MAX, senderFields } from './company-sender';

const FROM = 'Punkto <no-reply@punkto.local>';

// Issue 32/33: company mail came from „Punkto <no-reply@…>” with no Reply-To (ADR 0040).
describe('the company as the sender', () => {
  it('names the company „przez Punkto”', () => {
    expect(companySenderName('Kawiarnia Pod Lipą')).toBe('Kawiarnia Pod Lipą przez Punkto');
  });

  it.each([
    [
      'CR/LF (header injection)',
      'Kawiarnia\r\nBcc: ofiara@example.com',
      'Kawiarnia Bcc: ofiara@example.com przez Punkto',
    ],
    ['invisible characters', '\uFEFFKawia\u200Brnia \u202EPod', 'Kawiarnia Pod przez Punkto'],
    ['runs of spaces', '  Kawiarnia   Pod\tLipą ', 'Kawiarnia Pod Lipą przez Punkto'],
    ['an NFD name', 'Łódź'.normalize('NFD'), 'Łódź przez Punkto'],
    ['nothing usable', '\u200B ', 'Punkto'],
  ])('makes the name header-safe: %s', (_what, companyName, expected) => {
    expect(companySenderName(companyName)).toBe(expected);
  });

  it(`shortens a long name to ${DISPLAY_NAME_MAX} characters`, () => {
    const name = companySenderName('Ż'.repeat(100));
    expect(name).toBe(`${'Ż'.repeat(DISPLAY_NAME_MAX - 1)}… przez Punkto`);
  });

  it('takes the contact e-mail as Reply-To only when it is one plain address', () => {
    expect(companySender('Lipa', 'kontakt@lipa.pl')).toEqual({
      senderName: 'Lipa przez Punkto',
      replyTo: 'kontakt@lipa.pl',
    });
    expect(companySender('Lipa', null)).toEqual({ senderName: 'Lipa przez Punkto' });
    expect(companySender('Lipa', 'a@b.pl, c@d.pl')).toEqual({ senderName: 'Lipa przez Punkto' });
    expect(companySender('Lipa', 'a@b.pl\r\nBcc: x@y.pl')).toEqual({ senderName: 'Lipa przez Punkto' });
  });

  it('the adapters send from the configured address with the display name', () => {
    expect(senderFields({ senderName: 'Lipa przez Punkto', replyTo: 'k@lipa.pl' }, FROM)).toEqual({
      from: { name: 'Lipa przez Punkto', address: 'no-reply@punkto.local' },
      fromLine: 'Lipa przez Punkto <no-reply@punkto.local>',
      replyTo: 'k@lipa.pl',
    });
    expect(senderFields({}, FROM)).toEqual({ from: FROM, fromLine: FROM });
    expect(senderFields({ from: 'Inny <x@punkto.local>', senderName: 'Lipa' }, FROM).from).toBe(
      'Inny <x@punkto.local>',
    );
  });
});

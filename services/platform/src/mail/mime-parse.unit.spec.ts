import { describe, expect, it } from 'vitest';
import { decodeWords, parseMail } from './mime-parse';

describe('decodeWords', () => {
  it('decodes Q and B words and joins adjacent ones', () => {
    expect(decodeWords('=?UTF-8?Q?Witaj_w_=C5=81?= =?UTF-8?Q?=C3=B3d=C5=BA?=')).toBe('Witaj w Łódź');
    expect(decodeWords('=?utf-8?B?WmHFvMOzxYLEhyBnxJnFm2zEhSBqYcW6xYQ=?=')).toBe('Zażółć gęślą jaźń');
  });

  it('joins a multi-byte character split across two words', () => {
    // "Ł" is C5 81; split between words
    expect(decodeWords('=?UTF-8?Q?=C5?=\r\n =?UTF-8?Q?=81=C3=B3d=C5=BA?=')).toBe('Łódź');
  });

  it('keeps plain text and the space between a word and plain text', () => {
    expect(decodeWords('Re: =?UTF-8?Q?=C5=81=C3=B3d=C5=BA?= i okolice')).toBe('Re: Łódź i okolice');
    expect(decodeWords('plain')).toBe('plain');
  });

  it('decodes ISO-8859-2 as well', () => {
    expect(decodeWords('=?ISO-8859-2?Q?=A3=F3d=BC?=')).toBe('Łódź');
  });
});

describe('parseMail', () => {
  const message = [
    'From: =?UTF-8?Q?Kawiarnia_=C5=BB=C3=B3=C5=82w?= <k@example.pl>',
    'To: a@example.pl',
    'Subject: =?UTF-8?Q?Zni=C5=BCka?=',
    '  =?UTF-8?Q?_dla_Ciebie?=',
    'Date: Fri, 20 Nov 2026 10:00:00 +0000',
    'Message-ID: <1@example.pl>',
    'Content-Type: multipart/mixed; boundary="outer"',
    '',
    'preamble',
    '--outer',
    'Content-Type: multipart/alternative; boundary=inner',
    '',
    '--inner',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    'Cze=C5=9B=C4=87, 2 + 2 =3D 4, d=',
    'alej',
    '--inner',
    'Content-Type: text/html; charset="utf-8"',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from('<p>Cześć</p>').toString('base64'),
    '--inner--',
    '--outer',
    'Content-Type: text/plain',
    'Content-Disposition: attachment; filename="x.txt"',
    '',
    'attachment body',
    '--outer--',
    '',
  ].join('\r\n');

  it('reads headers and the first text and HTML parts of nested multiparts', () => {
    const parsed = parseMail(message);
    expect(parsed).toMatchObject({
      from: 'Kawiarnia Żółw <k@example.pl>',
      to: 'a@example.pl',
      subject: 'Zniżka dla Ciebie',
      date: 'Fri, 20 Nov 2026 10:00:00 +0000',
      messageId: '<1@example.pl>',
      text: 'Cześć, 2 + 2 = 4, dalej',
      html: '<p>Cześć</p>',
    });
  });

  it('reads a single-part 8-bit UTF-8 message given as bytes', () => {
    const raw = Buffer.from(
      'Subject: Łódź\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\nZażółć\r\n',
    );
    const parsed = parseMail(raw);
    expect(parsed.subject).toBe('Łódź');
    expect(parsed.text).toBe('Zażółć\r\n');
    expect(parsed.html).toBeNull();
  });
});

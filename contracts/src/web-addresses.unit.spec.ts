import { describe, expect, it } from 'vitest';
import { normaliseHttpsUrl } from './web-addresses';

describe('normaliseHttpsUrl', () => {
  it.each([
    ['kawiarnia.pl', 'https://kawiarnia.pl/'],
    ['www.Lipa.PL/menu', 'https://www.lipa.pl/menu'],
    ['  lipa.pl:8443/karta?x=1  ', 'https://lipa.pl:8443/karta?x=1'],
    ['g.page/r/abc/review', 'https://g.page/r/abc/review'],
    ['HTTPS://Lipa.pl/menu', 'https://lipa.pl/menu'],
  ])('takes %j typed without a scheme (or any case) as https: %s', (typed, stored) => {
    expect(normaliseHttpsUrl(typed)).toBe(stored);
  });

  it.each([
    'http://lipa.pl',
    'javascript:alert(1)',
    'mailto:kontakt@lipa.pl',
    'ftp://lipa.pl',
    'localhost:3000',
    '127.0.0.1',
    'lipa',
    'https://lipa.pl/a b',
    '',
  ])('refuses %j', (typed) => {
    expect(normaliseHttpsUrl(typed)).toBeNull();
  });
});

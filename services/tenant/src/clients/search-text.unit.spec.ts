import { describe, expect, it } from 'vitest';
import { foldText } from '@punkto/contracts/text';
import { searchFilter, searchTextOf } from './search-text';

const matches = (term: string, parts: Array<string | null>) => {
  const filter = searchFilter(term) as { searchText: { $regex: string } };
  return new RegExp(filter.searchText.$regex, 'u').test(searchTextOf(parts));
};

describe('search keys of people lists', () => {
  it('fold Polish diacritics and case, so names sort and match as people expect', () => {
    expect(foldText('  Łucja   ŻAK-Ćwik ')).toBe('lucja zak-cwik');
    expect(foldText('Zażółć gęślą jaźń')).toBe('zazolc gesla jazn');
    expect(['Zenon', 'Łucja', 'Adam'].map(foldText).sort()).toEqual(['adam', 'lucja', 'zenon']);
  });

  it('find a substring of the name, e-mail or phone, with or without diacritics', () => {
    const ola = ['Ola Żak-Świątek', 'ola.zak@example.pl', '+48600100200'];
    for (const term of [
      'ola',
      'ŻAK',
      'zak',
      'swiatek',
      'świątek',
      '@example',
      'ola.zak',
      '600100',
      '600 100 200',
      '+48 600',
    ])
      expect(matches(term, ola), term).toBe(true);
    for (const term of ['jan', '700', 'olaf']) expect(matches(term, ola), term).toBe(false);
  });

  it('treat the term literally: regex syntax from the user matches only itself', () => {
    expect(matches('a.c', ['abc'])).toBe(false);
    expect(matches('a.c', ['a.c'])).toBe(true);
    expect(matches('(', ['x(y'])).toBe(true);
    expect(matches('.*', ['anything'])).toBe(false);
    // every escaped pattern is valid under the `u` flag the SQLite adapter compiles with
    for (const term of ['-', 'a-b', '[x]', '{1}', '\\', '/', '^$', '|', '?+*'])
      expect(
        () => new RegExp((searchFilter(term) as { searchText: { $regex: string } }).searchText.$regex, 'u'),
      ).not.toThrow();
  });

  it('no filter for an empty or blank term', () => {
    expect(searchFilter(undefined)).toBeNull();
    expect(searchFilter('   ')).toBeNull();
  });
});

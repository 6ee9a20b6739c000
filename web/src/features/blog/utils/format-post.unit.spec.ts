import { describe, expect, it } from 'vitest';
import { BlogSearchParams, toBlogQuery, toSearchParams } from './blog-search';
import { formatPostDate, formatReadTime } from './format-post';

describe('post labels', () => {
  it('shows the date in Polish and the reading time in minutes', () => {
    expect(formatPostDate('2026-03-12')).toBe('12 marca 2026');
    expect(formatPostDate('2026-02-24')).toBe('24 lutego 2026');
    expect(formatReadTime(15)).toBe('15 min czytania');
  });
});

describe('blog search params', () => {
  it('keeps known values and drops unknown ones', () => {
    const params = BlogSearchParams.parse({ kategoria: 'Marketing', typ: 'wywiad', szukaj: 'nps', tag: 5 });
    expect(params).toEqual({ kategoria: 'Marketing', typ: undefined, szukaj: 'nps', tag: undefined });
    expect(toBlogQuery(params)).toEqual({ q: 'nps', category: 'Marketing', type: undefined, tag: undefined });
  });

  it('writes only the set values back to the URL', () => {
    expect(toSearchParams({ q: '', category: 'Przewodniki' })).toEqual({ kategoria: 'Przewodniki' });
  });
});

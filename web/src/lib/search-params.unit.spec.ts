import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageParam, textParam } from './search-params';

describe('search parameters', () => {
  it('takes a numeric-looking text parameter back as text', () => {
    const Search = z.object({ szukaj: textParam(z.string()).optional().catch(undefined) });
    expect(Search.parse({ szukaj: 123 })).toEqual({ szukaj: '123' });
    expect(Search.parse({ szukaj: 'kawa' })).toEqual({ szukaj: 'kawa' });
    expect(Search.parse({ szukaj: { a: 1 } })).toEqual({ szukaj: undefined });
  });

  it('reads a page number, falling back to the first page', () => {
    expect(pageParam.parse('3')).toBe(3);
    expect(pageParam.parse(2)).toBe(2);
    expect(pageParam.parse(undefined)).toBe(1);
    expect(pageParam.parse('0')).toBe(1);
    expect(pageParam.parse('abc')).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { plainPattern } from './openapi-patterns';

/** What zod-to-openapi writes for a regex: its toString() less the first and last slash. */
const written = (regex: RegExp) => regex.toString().replace(/^\/|\/$/g, '');

describe('plainPattern', () => {
  it('gives the source of a u-flag regex, which a JSON Schema pattern reads with the same meaning', () => {
    expect(plainPattern(written(/\p{L}/u))).toBe('\\p{L}');
    expect(plainPattern(written(/^[\p{L}\p{N} ._-]{1,80}\.pkpass$/u))).toBe(
      '^[\\p{L}\\p{N} ._-]{1,80}\\.pkpass$',
    );
  });

  it('leaves a flagless source alone, slashes in it included', () => {
    expect(plainPattern(written(/^\d{2}-\d{3}$/))).toBe('^\\d{2}-\\d{3}$');
    expect(plainPattern(written(/^a\/b$/))).toBe('^a\\/b$');
    expect(plainPattern(written(/^[/]x$/))).toBe('^[/]x$');
    expect(plainPattern(written(/^a\\/u))).toBe('^a\\\\');
  });

  it('refuses a flag that changes the meaning (the contract regex must be rewritten)', () => {
    expect(() => plainPattern(written(/^abc$/i))).toThrow(/flag\(s\) i/);
    expect(() => plainPattern(written(/^a.b$/su))).toThrow(/flag\(s\) s/);
  });
});

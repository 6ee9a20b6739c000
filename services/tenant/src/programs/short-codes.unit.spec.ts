import { normaliseShortCode, SHORT_CODE_ALPHABET } from '@punkto/contracts/enrolment-links';
import { describe, expect, it } from 'vitest';
import { randomShortCode } from './short-codes';

describe('randomShortCode', () => {
  it('draws 5 characters of the alphabet, each a code the resolve call accepts', () => {
    for (let i = 0; i < 1000; i++) {
      const code = randomShortCode();
      expect(normaliseShortCode(code)).toBe(code);
    }
  });

  it('every character of the alphabet can come out (an index per draw, from the random source)', () => {
    let next = 0;
    const sequential = (max: number) => next++ % max;
    const drawn = Array.from({ length: 6 }, () => randomShortCode(sequential)).join('');
    expect(new Set(drawn)).toEqual(new Set(SHORT_CODE_ALPHABET));
  });
});

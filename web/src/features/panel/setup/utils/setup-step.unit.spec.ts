import { describe, expect, it } from 'vitest';
import { setupStepOf } from './setup-step';

const missing = (...keys: Array<'companyData' | 'address' | 'activeProgram'>) => ({
  configured: false,
  missing: keys.map((key) => ({ key, message: key })),
});

describe('the first missing setup step', () => {
  it('an owner without a company starts with the company', () => {
    expect(setupStepOf(null, undefined)).toBe(0);
  });

  it('waits for the answer of tenant-configured', () => {
    expect(setupStepOf('t1', undefined)).toBe('loading');
  });

  it('a company without an address continues at the address, even when a program is missing too', () => {
    expect(setupStepOf('t1', missing('address', 'activeProgram'))).toBe(1);
    expect(setupStepOf('t1', missing('companyData'))).toBe(1);
  });

  it('with an address but no active program: the program step', () => {
    expect(setupStepOf('t1', missing('activeProgram'))).toBe(2);
  });

  it('nothing missing: done', () => {
    expect(setupStepOf('t1', { configured: true, missing: [] })).toBe('done');
  });
});

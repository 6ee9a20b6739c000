import { describe, expect, it } from 'vitest';
import { formatPhone, phoneInputValue } from './phone';

describe('formatPhone', () => {
  it('groups a stored Polish number as people read it', () => {
    expect(formatPhone('+48600100200')).toBe('+48 600 100 200');
  });

  it('shows anything else unchanged', () => {
    expect(formatPhone('600100200')).toBe('600100200');
    expect(formatPhone('+4915112345678')).toBe('+4915112345678');
  });
});

describe('phoneInputValue', () => {
  it('puts a stored number in the box without the country code', () => {
    expect(phoneInputValue('+48600100200')).toBe('600 100 200');
  });

  it('leaves the box empty without a number', () => {
    expect(phoneInputValue(null)).toBe('');
    expect(phoneInputValue(undefined)).toBe('');
    expect(phoneInputValue('')).toBe('');
  });
});

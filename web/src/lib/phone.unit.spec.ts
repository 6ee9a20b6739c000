import { describe, expect, it } from 'vitest';
import { formatPhone, phoneInputValue } from './phone';

describe('formatPhone', () => {
  it('groups a stored Polish number as people read it', () => {
    expect(formatPhone('+48600100200')).toBe('+48 600 100 200');
  });

  it('writes a foreign number internationally (ADR 0042)', () => {
    expect(formatPhone('+4915123456789')).toBe('+49 1512 3456789');
    expect(formatPhone('+380501234567')).toBe('+380 50 123 4567');
  });

  it('shows anything else unchanged', () => {
    expect(formatPhone('600100200')).toBe('600100200');
    expect(formatPhone('[dane usunięte]')).toBe('[dane usunięte]');
  });
});

describe('phoneInputValue', () => {
  it('puts a stored Polish number in the box without the country code, a foreign one with it', () => {
    expect(phoneInputValue('+48600100200')).toBe('600 100 200');
    expect(phoneInputValue('+4915123456789')).toBe('+49 1512 3456789');
  });

  it('leaves the box empty without a number', () => {
    expect(phoneInputValue(null)).toBe('');
    expect(phoneInputValue(undefined)).toBe('');
    expect(phoneInputValue('')).toBe('');
  });
});

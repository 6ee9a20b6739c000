import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSealed, seal, unseal } from './pii-cipher';

describe('pii cipher (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('round-trips and never repeats a ciphertext', () => {
    const a = seal(key, 'u1', 'ania@example.pl');
    const b = seal(key, 'u1', 'ania@example.pl');
    expect(isSealed(a)).toBe(true);
    expect(a).not.toBe(b);
    expect(a).not.toContain('ania');
    expect(unseal(key, 'u1', a)).toBe('ania@example.pl');
    expect(unseal(key, 'u1', seal(key, 'u1', 'Zażółć gęślą jaźń'))).toBe('Zażółć gęślą jaźń');
  });

  it('fails with another key, another person, or a tampered value', () => {
    const sealed = seal(key, 'u1', 'ania@example.pl');
    expect(() => unseal(randomBytes(32), 'u1', sealed)).toThrow();
    expect(() => unseal(key, 'u2', sealed)).toThrow();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => unseal(key, 'u1', tampered)).toThrow();
    expect(() => unseal(key, 'u1', 'plain')).toThrow();
  });
});

import {
  dammCheckDigit,
  formatCardNumber,
  isValidCardNumber,
  normalizeCardNumber,
} from '@punkto/contracts/cards';
import { describe, expect, it } from 'vitest';
import { randomCardNumber, signQr, verifyQr } from './card-codes';

const SECRET = 'test-secret-0123456789abcdef0123456789';

describe('card numbers', () => {
  it('are 10 digits, never start with 0, and carry a valid Damm check digit', () => {
    for (let i = 0; i < 500; i++) {
      const number = randomCardNumber();
      expect(number).toMatch(/^[1-9]\d{9}$/);
      expect(isValidCardNumber(number)).toBe(true);
    }
  });

  it('the check digit catches every single-digit typo and every adjacent swap', () => {
    const number = '5724' + '3178' + '0';
    const valid = number.slice(0, 9) + String(dammCheckDigit(number.slice(0, 9)));
    expect(isValidCardNumber(valid)).toBe(true);
    for (let i = 0; i < 10; i++)
      for (let d = 0; d <= 9; d++) {
        if (String(d) === valid[i]) continue;
        const typo = valid.slice(0, i) + String(d) + valid.slice(i + 1);
        if (typo[0] === '0') continue;
        expect(isValidCardNumber(typo), typo).toBe(false);
      }
    for (let i = 0; i < 9; i++) {
      if (valid[i] === valid[i + 1]) continue;
      const swapped = valid.slice(0, i) + valid[i + 1] + valid[i] + valid.slice(i + 2);
      if (swapped[0] === '0') continue;
      expect(isValidCardNumber(swapped), swapped).toBe(false);
    }
  });

  it('are shown as 1234 5678 90 and typed with or without separators', () => {
    const number = randomCardNumber();
    const shown = formatCardNumber(number);
    expect(shown).toMatch(/^\d{4} \d{4} \d{2}$/);
    expect(normalizeCardNumber(shown)).toBe(number);
    expect(isValidCardNumber(shown.replace(/ /g, '-'))).toBe(true);
    expect(isValidCardNumber('12345')).toBe(false);
  });
});

describe('QR payload', () => {
  const cardId = '0190f0a1-2b3c-7d4e-8f90-123456789abc';

  it('is P1.<cardId>.<version>.<22-char signature> and carries nothing else', () => {
    const payload = signQr(SECRET, cardId, 1);
    expect(payload).toMatch(new RegExp(`^P1\\.${cardId}\\.1\\.[A-Za-z0-9_-]{22}$`));
    expect(verifyQr(SECRET, payload)).toEqual({ cardId, secretVersion: 1 });
  });

  it('refuses a tampered card id, version or signature, and another secret', () => {
    const payload = signQr(SECRET, cardId, 2);
    const [prefix, id, version, sig] = payload.split('.') as [string, string, string, string];
    expect(verifyQr(SECRET, [prefix, id.replace(/.$/, 'd'), version, sig].join('.'))).toBeNull();
    expect(verifyQr(SECRET, [prefix, id, '3', sig].join('.'))).toBeNull();
    expect(
      verifyQr(SECRET, [prefix, id, version, sig.replace(/^./, sig[0] === 'A' ? 'B' : 'A')].join('.')),
    ).toBeNull();
    expect(verifyQr('another-secret-0123456789abcdef01234', payload)).toBeNull();
    expect(verifyQr(SECRET, 'https://example.com')).toBeNull();
  });
});

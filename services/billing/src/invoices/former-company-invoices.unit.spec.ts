import { invoiceKeptUntil } from '@punkto/contracts/billing';
import { describe, expect, it } from 'vitest';
import { isKept } from './former-company-invoices';

describe('a closed company’s invoice is kept 5 years from the end of its year (ADR 0047)', () => {
  it.each([
    ['2026-01-01', '2031-12-31'],
    ['2026-12-31', '2031-12-31'],
    ['2030-06-15', '2035-12-31'],
  ])('issued %s → kept until %s', (issued, until) => expect(invoiceKeptUntil(issued)).toBe(until));

  it('is readable on the last day and gone the day after', () => {
    expect(isKept('2026-06-20', '2031-12-31')).toBe(true);
    expect(isKept('2026-06-20', '2032-01-01')).toBe(false);
    expect(isKept('2026-06-20', '2026-06-20')).toBe(true);
  });
});

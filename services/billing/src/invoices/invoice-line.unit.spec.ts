import { describe, expect, it } from 'vitest';
import { invoiceLineName } from './invoice-line';

describe('invoice line name', () => {
  it('given a purchase, when named, then it is the subscription with its period', () => {
    expect(invoiceLineName('purchase', 'plan Rozszerzony', { from: '25.11.2026', to: '24.12.2026' })).toBe(
      'Abonament Punkto — plan Rozszerzony, 25.11.2026–24.12.2026',
    );
  });

  it('given an upgrade, when named, then it says it is a top-up with the period it covers, less the unused part', () => {
    expect(
      invoiceLineName('upgrade', 'plan Rozszerzony, miesiąc', { from: '28.11.2026', to: '27.12.2026' }),
    ).toBe(
      'Abonament Punkto — dopłata za zmianę planu: plan Rozszerzony, miesiąc, 28.11.2026–27.12.2026 (cena pomniejszona o niewykorzystaną część poprzedniego planu)',
    );
  });

  it('given no known period, when named, then no dangling dash appears', () => {
    expect(invoiceLineName('upgrade', 'plan Rozszerzony, miesiąc', null)).toBe(
      'Abonament Punkto — dopłata za zmianę planu: plan Rozszerzony, miesiąc (cena pomniejszona o niewykorzystaną część poprzedniego planu)',
    );
  });
});

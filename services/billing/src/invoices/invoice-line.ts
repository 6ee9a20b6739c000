import type { PaymentPurposeKind } from '../payments/payment';

/**
 * The invoice's line name (PDF, XML, KSeF P_7, the panel's list): a plan's price reads "Abonament Punkto — plan …,
 * <period>"; an upgrade's prorated top-up says it is one, „dopłata za zmianę planu”, with the period it covers,
 * so it is not read as a second charge for a period already invoiced.
 */
export function invoiceLineName(
  purpose: PaymentPurposeKind,
  planText: string,
  period: { from: string; to: string } | null,
): string {
  const span = period ? `, ${period.from}–${period.to}` : '';
  if (purpose === 'upgrade') return `Abonament Punkto — dopłata za zmianę planu: ${planText}${span}`;
  return `Abonament Punkto — ${planText}${span}`;
}

import type { PaymentPurposeKind } from '../payments/payment';

/**
 * The invoice's line name (PDF, XML, KSeF P_7, the panel's list): a plan's price reads "Abonament Punkto — plan …,
 * <period>"; an upgrade's prorated top-up says it is one, „dopłata za zmianę planu”, with the period it covers,
 * and that its price is the new plan's less the unused part of the previous one (the new period starts within the
 * one already invoiced: ADR 0025), so it is not read as a second charge for a period already invoiced.
 */
const UPGRADE_CREDIT_NOTE = 'cena pomniejszona o niewykorzystaną część poprzedniego planu';
export function invoiceLineName(
  purpose: PaymentPurposeKind,
  planText: string,
  period: { from: string; to: string } | null,
): string {
  const span = period ? `, ${period.from}–${period.to}` : '';
  if (purpose === 'upgrade')
    return `Abonament Punkto — dopłata za zmianę planu: ${planText}${span} (${UPGRADE_CREDIT_NOTE})`;
  return `Abonament Punkto — ${planText}${span}`;
}

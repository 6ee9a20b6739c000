import type { TenantSubscription } from '@punkto/contracts/billing';
import { formatDate } from '../../../../lib/format-date';
import { daysLabel, formatPln } from '../../subscription/utils/pricing';

/**
 * What the delete-company dialog says about money (ADR 0047, pure): the plan now, and the next charge that
 * closing the company cancels — or that none is planned.
 */
export function closurePlanLine(sub: TenantSubscription): string {
  if (sub.status === 'trialing') return `Plan: okres próbny (zostało ${daysLabel(sub.trialDaysLeft)}).`;
  if (sub.status === 'lapsed' || sub.status === 'cancelled')
    return `Plan: ${sub.planName} — subskrypcja nieaktywna.`;
  return `Plan: ${sub.planName}${sub.isForYear ? ' (rocznie)' : ' (miesięcznie)'}.`;
}

export function closureNextChargeLine(sub: TenantSubscription): string {
  if (sub.nextChargeGrosze === null) return 'Nie ma zaplanowanych płatności.';
  const due = sub.status === 'past_due' ? (sub.nextRetryAt ?? sub.periodEnd) : sub.periodEnd;
  return `Następna płatność: ${formatPln(sub.nextChargeGrosze)} (${formatDate(due)}) — po usunięciu firmy nie zostanie pobrana.`;
}

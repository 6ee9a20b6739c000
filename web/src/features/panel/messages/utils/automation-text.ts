import {
  AUTOMATION_EFFECT_WINDOW_DAYS,
  AUTOMATION_RETURN_WITHIN_DAYS,
  expiryAmountText,
  expiryDateText,
  type AutomationEffect,
} from '@punkto/contracts/message-automations';
import type { Program } from '@punkto/contracts/programs';
import { addDays, warsawDate } from '@punkto/contracts/warsaw-time';
import { formatInteger, formatPercent, plural } from '../../../../lib/format';

/** The effect line of an automation: how many got it in 30 days and how many of them came back within 14. */
export function effectText(effect: AutomationEffect): string {
  if (effect.sent === 0) return `W ostatnich ${AUTOMATION_EFFECT_WINDOW_DAYS} dniach nie wysłano żadnej.`;
  const share = formatPercent(effect.returned / effect.sent, { ratio: true });
  return (
    `W ostatnich ${AUTOMATION_EFFECT_WINDOW_DAYS} dniach: ${formatInteger(effect.sent)} ` +
    `${plural(effect.sent, 'osoba', 'osoby', 'osób')}, z nich ${formatInteger(effect.returned)} ` +
    `${plural(effect.returned, 'wróciła', 'wróciły', 'wróciło')} w ciągu ${AUTOMATION_RETURN_WITHIN_DAYS} dni (${share}).`
  );
}

/**
 * The expiry warning's {ile} and {data} in the previews: what a card of the company's first program could have
 * expiring (stamps on a stamp card, else points) and the day 30 days from today, as the first warning says it.
 */
export function exampleExpiryValues(
  programs: ReadonlyArray<Pick<Program, 'kind'>>,
  now: Date,
): { ile: string; data: string } {
  const stamps = programs[0]?.kind === 'stamps';
  return {
    ile: stamps ? expiryAmountText(3, 'stamps') : expiryAmountText(40, 'points'),
    data: expiryDateText(addDays(warsawDate(now), 30)),
  };
}

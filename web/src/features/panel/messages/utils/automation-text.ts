import {
  AUTOMATION_EFFECT_WINDOW_DAYS,
  AUTOMATION_RETURN_WITHIN_DAYS,
  type AutomationEffect,
} from '@punkto/contracts/message-automations';
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

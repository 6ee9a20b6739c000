import { formatInteger, formatPoints, plural } from '../../../lib/format';

/** the invite link a customer shares (ADR 0061): this site's `/polecenie/<code>` */
export const inviteLinkOf = (code: string, origin = window.location.origin) => `${origin}/polecenie/${code}`;

/** „50 pkt” / „2 pieczątki” (the accusative: „dostaniesz 1 pieczątkę”) */
export function bonusLabel(count: number, unit: 'points' | 'stamps') {
  if (unit === 'points') return formatPoints(count);
  return `${formatInteger(count)} ${plural(count, 'pieczątkę', 'pieczątki', 'pieczątek')}`;
}

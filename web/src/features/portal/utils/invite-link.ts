import { plural } from '@punkto/contracts/plural';

/** the invite link a customer shares (ADR 0061): this site's `/polecenie/<code>` */
export const inviteLinkOf = (code: string, origin = window.location.origin) => `${origin}/polecenie/${code}`;

/** „50 pkt” / „2 pieczątki” (the accusative: „dostaniesz 1 pieczątkę”) */
export function bonusLabel(count: number, unit: 'points' | 'stamps') {
  const n = new Intl.NumberFormat('pl-PL').format(count);
  return unit === 'points' ? `${n} pkt` : `${n} ${plural(count, 'pieczątkę', 'pieczątki', 'pieczątek')}`;
}

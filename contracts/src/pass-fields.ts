/** What a loyalty pass shows of a card, whichever wallet renders it. */
export type CardOnPass = {
  cardNumber: string;
  programName: string;
  companyName: string;
  /** one line, e.g. "ul. Długa 5, 00-001 Warszawa" */
  companyAddress: string | null;
  /** the program's terms shown on the back */
  terms: string | null;
  /** the customer's portal (their cards and history) */
  portalUrl: string;
  /** the customer's personal invite link (ADR 0061) while the company runs referrals; absent or null: none */
  inviteUrl?: string | null;
  /** the cheapest reward not yet within reach, for the progress line */
  nextReward: { name: string; cost: number } | null;
} & (
  | { kind: 'points'; points: number }
  | { kind: 'stamps'; stamps: number; stampsRequired: number }
  | { kind: 'tiers'; points: number; tier: string | null; multiplier: number }
);

/**
 * What the front and back of a loyalty pass (`storeCard`) show, by program kind. Pure: the card as the
 * notification service knows it in, Wallet's field lists out (shared with the panel's card preview, which
 * draws exactly these). Labels are Polish (the pass also carries
 * `pl.lproj`); `changeMessage` on the fields that change is what makes the phone show a lock-screen notice
 * ("Masz teraz 120 pkt"); several changed fields at once give one generic notice (WALLET.md).
 */

import { formatPolish } from './polish-number';
import { stampCardReading, stampCardText } from './stamp-card';
export interface PassField {
  key: string;
  label: string;
  value: string | number;
  changeMessage?: string;
  textAlignment?:
    'PKTextAlignmentLeft' | 'PKTextAlignmentCenter' | 'PKTextAlignmentRight' | 'PKTextAlignmentNatural';
}

export interface StoreCardFields {
  headerFields: PassField[];
  primaryFields: PassField[];
  secondaryFields: PassField[];
  auxiliaryFields: PassField[];
  backFields: PassField[];
}

const number = (n: number) => formatPolish(n);

/** "1 pkt", "2 pkt" — Polish abbreviates points the same for every count */
const points = (n: number) => `${number(n)} pkt`;

function progress(card: CardOnPass, have: number, unit: (n: number) => string): PassField[] {
  if (!card.nextReward) return [];
  const missing = card.nextReward.cost - have;
  return [
    { key: 'nextReward', label: 'Następna nagroda', value: card.nextReward.name },
    {
      key: 'progress',
      label: missing > 0 ? 'Brakuje' : 'Nagroda',
      value: missing > 0 ? unit(missing) : 'do odebrania',
      textAlignment: 'PKTextAlignmentRight',
    },
  ];
}

export function storeCardFields(card: CardOnPass): StoreCardFields {
  const header: PassField[] = [{ key: 'cardNumber', label: 'Karta', value: card.cardNumber }];
  let primary: PassField[];
  let secondary: PassField[];
  let auxiliary: PassField[] = [];
  switch (card.kind) {
    case 'points':
      primary = [{ key: 'balance', label: 'Punkty', value: card.points, changeMessage: 'Masz teraz %@ pkt' }];
      secondary = progress(card, card.points, points);
      break;
    case 'stamps':
      primary = [
        {
          key: 'stamps',
          label: 'Pieczątki',
          value: stampCardText(card.stamps, card.stampsRequired),
          changeMessage: 'Pieczątki: %@',
        },
      ];
      secondary = progress(card, card.stamps, (n) => `${n} piecz.`);
      break;
    case 'tiers':
      primary = [
        { key: 'tier', label: 'Poziom', value: card.tier ?? '—', changeMessage: 'Twój poziom to teraz %@' },
      ];
      secondary = [
        { key: 'balance', label: 'Punkty', value: card.points, changeMessage: 'Masz teraz %@ pkt' },
      ];
      auxiliary = [
        {
          key: 'multiplier',
          label: 'Mnożnik punktów',
          value: `×${formatPolish(card.multiplier, { maximumFractionDigits: 2 })}`,
        },
        ...progress(card, card.points, points),
      ];
      break;
  }
  const back: PassField[] = [
    { key: 'program', label: 'Program', value: card.programName },
    { key: 'company', label: 'Firma', value: card.companyName },
  ];
  if (card.companyAddress) back.push({ key: 'address', label: 'Adres', value: card.companyAddress });
  if (card.terms) back.push({ key: 'terms', label: 'Zasady programu', value: card.terms });
  if (card.inviteUrl)
    back.push({
      key: 'invite',
      label: 'Poleć znajomemu — Twój link z zaproszeniem',
      value: card.inviteUrl,
    });
  back.push({ key: 'portal', label: 'Twoje karty i historia', value: card.portalUrl });
  return {
    headerFields: header,
    primaryFields: primary,
    secondaryFields: secondary,
    auxiliaryFields: auxiliary,
    backFields: back,
  };
}

/** Google's short balance: „7/10”, with the full cards waiting beyond the current one „7/10 +1” (ADR 0043) */
function compactStamps(stamps: number, required: number): string {
  const { current, fullCards } = stampCardReading(stamps, required);
  return fullCards > 0 ? `${current}/${required} +${fullCards}` : `${current}/${required}`;
}

/** the balance as Google Wallet shows it (`loyaltyPoints`), and the text of the notice when it changes */
export function googleBalanceOf(card: CardOnPass): {
  points: { label: string; balance: { string: string } | { int: number } };
  notice: string;
} {
  switch (card.kind) {
    case 'stamps':
      return {
        points: { label: 'Pieczątki', balance: { string: compactStamps(card.stamps, card.stampsRequired) } },
        notice: `Pieczątki: ${stampCardText(card.stamps, card.stampsRequired)}`,
      };
    default:
      return {
        points: { label: 'Punkty', balance: { int: card.points } },
        notice: `Masz teraz ${number(card.points)} pkt`,
      };
  }
}

import type { PassCard } from './pass-card';

/**
 * The card's invite code on its passes (ADR 0061, cardledger.cards.v1 ReferralInviteChanged): the copy after it,
 * its version grown so the phones fetch the pass; null when the pass already shows that code (a redelivery) or
 * the card is unknown here. `code` null: referrals were switched off, the back loses the link.
 */
export function applyInvite(card: PassCard | null, code: string | null, at: string): PassCard | null {
  if (!card || (card.inviteCode ?? null) === code) return null;
  return {
    ...card,
    inviteCode: code,
    version: card.version + 1,
    changedAt: at > card.changedAt ? at : card.changedAt,
  };
}

/** the invite link a pass shows: the site's `/polecenie/<code>` (`siteUrl`: the product's public address) */
export const inviteUrlOf = (siteUrl: string, code: string | null | undefined) =>
  code ? `${siteUrl}/polecenie/${code}` : null;

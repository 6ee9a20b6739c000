/**
 * How a campaign (services/notification/src/messages) reaches the wallet passes of one card — the port between
 * the campaign engine and the passes (services/notification/src/passes). Issue 21, ADR 0027.
 *
 * - Apple Wallet: the message becomes the value of a back field whose `changeMessage` is `%@`, so the phone
 *   shows the text on the lock screen (Apple allows no other way); the pass copy keeps it (the text stays on
 *   the back of the pass) and the registered devices get an APNs push to fetch the new pass.
 * - Google Wallet: `addMessage` with the campaign's message id, `TEXT_AND_NOTIFY` within Google's 3 per pass
 *   per 24 h, else `TEXT` (shown on the pass, no notice).
 */
export interface WalletCard {
  tenantId: string;
  cardId: string;
}

export interface CompanyMessage {
  /** stable per campaign: a repeated delivery of the same message to the same card sends nothing again */
  messageId: string;
  companyName: string;
  title: string;
  body: string;
  sentAt: string;
}

export type WalletPlatform = 'apple' | 'google';

export interface WalletDelivery {
  platform: WalletPlatform;
  /** `notified`: Google showed a notice (TEXT_AND_NOTIFY); `sent`: on the pass (Apple: pushed; Google: TEXT) */
  result: 'sent' | 'notified' | 'failed';
  /** Polish reason of a failure, for the campaign report */
  reason?: string;
}

export interface WalletMessenger {
  /** The platforms on which each of these cards has a pass installed now (cards with none are absent). */
  installed(tenantId: string, cardIds: readonly string[]): Promise<Map<string, Set<WalletPlatform>>>;
  /**
   * Puts the message on the card's installed passes. Idempotent per (messageId, cardId, platform): a repeat —
   * a redelivered batch after a crash — returns the earlier outcome and sends nothing twice. A card with no
   * pass installed gives an empty list.
   */
  deliver(card: WalletCard, message: CompanyMessage): Promise<WalletDelivery[]>;
}

/**
 * The companies and programs as the passes keep them (passes/pass-copies.ts): the campaign engine signs its
 * messages with the company's name and sends nothing for a deleted company.
 */
export interface CompanyCopies {
  company(
    tenantId: string,
  ): Promise<{ companyName: string; deleted?: boolean; contactEmail?: string | null } | null>;
  /** the programs' copies (newest definition): the automatic "reward ready" message reads their rewards */
  programs: {
    get(programId: string): Promise<{
      data: {
        kind: string;
        rewards: ReadonlyArray<{ name: string; cost: number; active: boolean }>;
      } | null;
      deleted: boolean;
    }>;
  };
}

import type { CardLedgerEvent } from '@punkto/contracts/card-visits';
import type { BirthdayRewardGrantedData, CardClosedData } from '@punkto/contracts/integration-events';
import { warsawFormat } from '@punkto/contracts/warsaw-format';

/**
 * The notification service's copy of one card, as its wallet passes show it (event-carried state from
 * `cardledger.cards.v1`). Pure: an event in, the copy after it out. `version` grows by one with every change
 * a pass shows: it is the pass's update tag for the phones (a monotonic integer, never a time: WALLET.md), and
 * `changedAt` (the event's own time) is the pass's Last-Modified.
 */
export interface PassCard {
  cardId: string;
  tenantId: string;
  programId: string;
  userId: string;
  /** 10 digits, no separators */
  number: string;
  secretVersion: number;
  /** the signed QR the card shows (null for cards issued before the card ledger published it) */
  qrPayload: string | null;
  points: number;
  stamps: number;
  lifetimePoints: number;
  tier: string | null;
  status: 'active' | 'closed';
  /** why a closed card closed (the pass says so); absent in copies closed before it was kept */
  closeReason?: CardClosedData['reason'] | null;
  version: number;
  changedAt: string;
  /** the company's latest message to the card's holder, on the back of the Apple pass (issue 21) */
  companyMessage?: PassCompanyMessage | null;
  /** the holder's invite code while the company runs referrals (ADR 0061, pass-invite.ts); absent: none */
  inviteCode?: string | null;
  /**
   * the newest birthday year whose reward staff gave out (ADR 0058); no pass shows it: a notice deferred to the
   * morning asks it before it shows (pass-notices.ts). Absent: none given out since this was kept.
   */
  birthdayRedeemedYear?: number;
}

/** A company's message as the card's pass shows it (apple/company-message-field.ts). */
export interface PassCompanyMessage {
  messageId: string;
  title: string;
  body: string;
  /** when the campaign sent it (ISO): an older message never replaces a newer one */
  sentAt: string;
  /** the card's version that brought the message: while it is the newest, no other field announces itself */
  cardVersion: number;
}

/** the events of `cardledger.cards.v1` that change what a pass shows */
export type PassCardEvent = Exclude<
  CardLedgerEvent,
  // the expiry warning reaches a pass through the automatic message „Punkty wkrótce wygasną” (ADR 0060), not here
  { type: 'CardIssueRefused' | 'AwardAnomalyDetected' | 'ExpiryWarningDue' }
>;

/** the events a pass's copy keeps that no pass shows: they change the copy, not its version (no push) */
export const unseenOnPass = (event: PassCardEvent) =>
  event.type === 'CardHolderLinked' || event.type === 'BirthdayRewardRedeemed';

/** has staff given out the card's birthday reward of `year`? (its notice then says nothing new) */
export const birthdayRewardRedeemed = (card: PassCard, year: number) =>
  card.birthdayRedeemedYear !== undefined && card.birthdayRedeemedYear >= year;

const untilDate = warsawFormat({ day: 'numeric', month: 'long', year: 'numeric' });

/**
 * The birthday reward's notice (ADR 0058): written as the company's latest message, so the Apple pass announces
 * it on the lock screen through that field's changeMessage and keeps it on the back (company-message-field.ts).
 */
export function birthdayNotice(data: BirthdayRewardGrantedData): Omit<PassCompanyMessage, 'cardVersion'> {
  return {
    messageId: `birthday-${data.year}`,
    title: 'Nagroda urodzinowa',
    body: `${data.name} — do odebrania do ${untilDate(`${data.validUntil}T12:00:00Z`)}. Pokaż kartę przy kasie.`,
    sentAt: data.grantedAt,
  };
}

/** the card after the event; null when the event says nothing about a card this copy knows */
export function applyPassCardEvent(card: PassCard | null, event: PassCardEvent): PassCard | null {
  if (event.type === 'CardIssued') {
    if (card) return null; // issued once; a redelivery changes nothing
    const data = event.data;
    return {
      cardId: data.cardId,
      tenantId: data.tenantId,
      programId: data.programId,
      userId: data.userId,
      number: data.humanReadableId,
      secretVersion: data.secretVersion,
      qrPayload: data.qrPayload ?? null,
      points: 0,
      stamps: 0,
      lifetimePoints: 0,
      tier: data.tier,
      status: 'active',
      version: 1,
      changedAt: data.issuedAt,
    };
  }
  if (!card) return null; // an event of a card whose issue this copy never saw
  const next = (changes: Partial<PassCard>, at: string): PassCard => ({
    ...card,
    ...changes,
    version: card.version + 1,
    changedAt: at > card.changedAt ? at : card.changedAt,
  });
  switch (event.type) {
    case 'PointsEarned':
      return next(event.data.balance, event.data.earnedAt);
    case 'StampsAdded':
      return next(event.data.balance, event.data.addedAt);
    case 'RewardRedeemed':
      return next(event.data.balance, event.data.redeemedAt);
    case 'AwardVoided':
    case 'RedemptionVoided':
      return next(event.data.balance, event.data.voidedAt);
    case 'BalanceAdjusted':
      return next(event.data.balance, event.data.adjustedAt);
    case 'OpeningBalanceImported': // a paper card's balance, right after the issue (ADR 0059)
      return next(event.data.balance, event.data.importedAt);
    case 'BalanceExpired': // ADR 0062
      return next(event.data.balance, event.data.expiredAt);
    case 'TierChanged':
      return next({ tier: event.data.to, lifetimePoints: event.data.lifetimePoints }, event.data.changedAt);
    case 'CardRegenerated':
      if (event.data.secretVersion <= card.secretVersion) return null; // already applied
      return next(
        {
          number: event.data.humanReadableId,
          secretVersion: event.data.secretVersion,
          qrPayload: event.data.qrPayload ?? null,
        },
        event.data.regeneratedAt,
      );
    case 'CardHolderLinked':
      // a phone-only client's card now belongs to the account (ADR 0056): its holder may add it to a wallet; no
      // pass shows the holder, so the version stays (nothing for the phones to fetch)
      return card.userId === event.data.userId ? null : { ...card, userId: event.data.userId };
    case 'BirthdayRewardGranted':
      return card.status === 'closed'
        ? null
        : applyCompanyMessage(card, birthdayNotice(event.data), event.data.grantedAt);
    case 'BirthdayRewardRedeemed':
      // kept for a notice still waiting for the morning; no pass shows it, so the version stays
      return birthdayRewardRedeemed(card, event.data.year)
        ? null
        : { ...card, birthdayRedeemedYear: event.data.year };
    case 'CardClosed':
      return card.status === 'closed'
        ? null
        : next({ status: 'closed', closeReason: event.data.reason }, event.data.closedAt);
  }
}

/**
 * The card with the company's message on its pass; null when the card already shows it or a newer one (a
 * redelivered or late message changes nothing). Bumps the version like any change a pass shows, so phones
 * are told and fetch the pass with the message.
 */
export function applyCompanyMessage(
  card: PassCard,
  message: Omit<PassCompanyMessage, 'cardVersion'>,
  at: string,
): PassCard | null {
  const current = card.companyMessage;
  if (current?.messageId === message.messageId) return null;
  if (
    current &&
    (current.sentAt > message.sentAt ||
      (current.sentAt === message.sentAt && current.messageId > message.messageId))
  )
    return null;
  const version = card.version + 1;
  return {
    ...card,
    companyMessage: { ...message, cardVersion: version },
    version,
    changedAt: at > card.changedAt ? at : card.changedAt,
  };
}

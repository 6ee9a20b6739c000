/**
 * The payment provider port (issue 17, ARCHITECTURE §2): the billing service's one way to take money.
 * Adapters: the built-in sandbox provider (embedded default: a hosted test checkout and signed
 * notifications, so `npm start` runs the whole flow offline) and PayU REST (OpenPayU v2.1). Both pass the
 * same contract tests. Money is integer grosze, PLN only.
 */

export interface Buyer {
  email: string;
  /** the company (tenant) name */
  name: string;
  /** the owner's language for the provider's pages */
  language: 'pl';
}

/** What every order at the provider carries: a checkout's and a renewal charge's. */
export interface OrderRequest {
  /** our payment id (PayU `extOrderId`): unique, the idempotency key of the order at the provider */
  paymentId: string;
  tenantId: string;
  /** shown on the provider's page and statement, e.g. "Punkto — plan Rozszerzony, rok" */
  description: string;
  amountGrosze: number;
  currency: 'PLN';
  buyer: Buyer;
  /** the payer's IP as the gateway saw it (PayU requires it) */
  customerIp: string;
  /** where the provider POSTs its notifications (the billing service's public notification route) */
  notifyUrl: string;
}

export interface CheckoutRequest extends OrderRequest {
  /** where the provider sends the payer back (our /subskrypcja/sukces?paymentId=…) */
  continueUrl: string;
  /**
   * a single-use card token from the provider's browser card form (PayU `TOK_…`); the first payment with it
   * saves the card (`recurring: FIRST`) and the provider returns a reusable token in the notification
   */
  cardToken?: string;
}

export type CheckoutResult =
  /** the payer must go to the provider (hosted checkout or 3-D Secure) */
  | { kind: 'redirect'; providerOrderId: string; redirectUri: string; savedCard?: SavedCard }
  /** accepted without a redirect; the outcome arrives as a notification */
  | { kind: 'accepted'; providerOrderId: string; savedCard?: SavedCard };
/*
 * `savedCard` on a checkout result: PayU returns the reusable token of a first card payment (`TOKC_…`) in
 * the answer to the order (`payMethods.payMethod`), not in the notification. It is chargeable only after
 * the order is COMPLETED: keep it with the payment and save the card when the COMPLETED notification for
 * that payment arrives. A provider that reports the card in the notification (`PaymentNotification.
 * savedCard`) leaves this empty. Either way: saved card = notification.savedCard ?? checkout.savedCard.
 */

export type ProviderOrderStatus = 'PENDING' | 'WAITING_FOR_CONFIRMATION' | 'COMPLETED' | 'CANCELED';

/** A reusable saved card (PayU `TOKC_…`), never the card number. */
export interface SavedCard {
  token: string;
  /** e.g. `424242******4242` */
  maskedNumber: string;
  /** `MM/YYYY` */
  expiry: string;
  brand: string;
}

/** A verified notification about one order. */
export interface PaymentNotification {
  providerOrderId: string;
  /** our payment id (`extOrderId`) */
  paymentId: string;
  status: ProviderOrderStatus;
  amountGrosze: number;
  currency: string;
  /** present when the order saved the card (first card payment) */
  savedCard?: SavedCard;
}

/** A notification whose signature, sender or body is not valid; answered 400 and logged, never booked. */
export class NotificationRejected extends Error {
  constructor(readonly reason: string) {
    super(`payment notification rejected: ${reason}`);
    this.name = 'NotificationRejected';
  }
}

/**
 * The provider refused the card token of a checkout (invalid, expired, already used): the payer's card, not
 * our fault; answered 400 with a Polish message so the payer can try again.
 */
export class CardRefused extends Error {
  constructor(readonly reason: string) {
    super(`card refused by the provider: ${reason}`);
    this.name = 'CardRefused';
  }
}

export interface RenewalChargeRequest extends OrderRequest {
  /** the saved card's reusable token (PayU `recurring: STANDARD`: no 3-D Secure, no CVV) */
  cardToken: string;
}

export interface RenewalChargeResult {
  providerOrderId: string;
  /** COMPLETED or CANCELED when the provider decides at once; PENDING when a notification will follow */
  status: ProviderOrderStatus;
  /** the provider's reason when the charge was declined */
  declineReason?: string;
}

/**
 * What an order is after we asked the provider to cancel it: CANCELED (now, or before), COMPLETED (the payer
 * paid first: it cannot be cancelled, its notification books it), NOT_FOUND (the provider never had it).
 */
export type CancelOutcome = 'CANCELED' | 'COMPLETED' | 'NOT_FOUND';

export interface PaymentProvider {
  readonly name: 'sandbox' | 'payu';
  startCheckout(request: CheckoutRequest): Promise<CheckoutResult>;
  /** verifies and parses a notification from its raw body and headers; throws NotificationRejected */
  parseNotification(rawBody: Buffer, headers: Record<string, string | undefined>): PaymentNotification;
  chargeSavedCard(request: RenewalChargeRequest): Promise<RenewalChargeResult>;
  /**
   * forgets a saved card at the provider (a closed company, ADR 0047): it can never be charged again.
   * Idempotent: a token the provider does not know (any more) is already gone.
   */
  deleteSavedCard(cardToken: string): Promise<void>;
  /**
   * cancels an order the payer has not paid (a plan change's superseded checkout, a closed company's open
   * order, ADR 0055): from then on the payer cannot pay it, and a CANCELED notification follows. Idempotent;
   * throws when the provider cannot be reached or cannot say yet (try again later).
   */
  cancelOrder(providerOrderId: string): Promise<CancelOutcome>;
  /** the provider's current view of an order (reconciliation after a lost notification) */
  getOrder(
    providerOrderId: string,
  ): Promise<{ status: ProviderOrderStatus; amountGrosze: number; paymentId: string }>;
}

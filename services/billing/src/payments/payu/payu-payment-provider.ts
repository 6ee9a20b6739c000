import {
  CardRefused,
  type CancelOutcome,
  type CheckoutRequest,
  type CheckoutResult,
  type PaymentNotification,
  type PaymentProvider,
  type RenewalChargeRequest,
  type RenewalChargeResult,
  type SavedCard,
} from '../payment-provider.port';
import {
  PayuApi,
  PayuError,
  type PayuOrderCreated,
  type PayuProviderOptions,
  type PayuStatus,
} from './payu-api';
import type { PayuConfig } from './payu-config';
import { isStatus, parsePayuNotification, statusOf, type PayuNotifiedOrder } from './payu-notification';

export { PayuError, type PayuProviderOptions } from './payu-api';
export { parseSignatureHeader, payuSignature } from './payu-notification';

/**
 * PayU REST (OpenPayU v2.1) behind the PaymentProvider port — plain `fetch`, no SDK (ADR 0026): OAuth
 * client credentials, orders, signed notifications and card tokens are a handful of HTTP calls, and the
 * official Node SDKs are unmaintained.
 *
 * - OAuth: form-encoded `grant_type=client_credentials` (PayU answers 401 to JSON); the token is cached
 *   until a minute before `expires_in` and fetched again once when an API call answers 401.
 * - Orders answer **302 with a JSON body** (hosted page / 3-D Secure): never follow it (`redirect:
 *   'manual'`), read the JSON.
 * - Notifications: `OpenPayu-Signature: sender=…;signature=…;algorithm=…;content=DOCUMENT`, signature =
 *   hash(raw body + second key), compared in constant time. The second key is the authentication;
 *   `sender` is `checkout` in PayU's documented notifications, so the order's `merchantPosId` is what
 *   ties the notification to our POS.
 * - Cards: the secure form gives `TOK_…`; the first order with it (`recurring: FIRST`) returns the
 *   reusable `TOKC_…` in its answer — a purchase, or a 0 zł order that only saves the card (adding a card) (`payMethods.payMethod`, as PayU's OpenAPI schema of the order-create
 *   response describes it; the notification schema has only `payMethod.type`); renewals charge the TOKC_
 *   with `recurring: STANDARD` (no 3-D Secure, no CVV).
 */

function cardBrand(masked: string): string {
  if (/^4/.test(masked)) return 'VISA';
  if (/^(5[1-5]|2[2-7])/.test(masked)) return 'MASTERCARD';
  if (/^(50|5[6-9]|6)/.test(masked)) return 'MAESTRO';
  return 'CARD';
}

function savedCardOf(created: PayuOrderCreated): SavedCard | undefined {
  const payMethod = created.payMethods?.payMethod;
  if (payMethod?.type !== 'CARD_TOKEN' || !payMethod.value?.startsWith('TOKC_')) return undefined;
  const card = payMethod.card ?? {};
  const masked = card.number ?? '';
  const month = String(card.expirationMonth ?? '').padStart(2, '0');
  return {
    token: payMethod.value,
    maskedNumber: masked,
    expiry: card.expirationYear ? `${month}/${card.expirationYear}` : '',
    brand: cardBrand(masked),
  };
}

export class PayuPaymentProvider implements PaymentProvider {
  readonly name = 'payu' as const;
  private readonly payu: PayuApi;

  constructor(
    private readonly config: PayuConfig,
    options: PayuProviderOptions = {},
  ) {
    this.payu = new PayuApi(config, options);
  }

  async startCheckout(request: CheckoutRequest): Promise<CheckoutResult> {
    // 0 zł: saving a card without a purchase (PayU "Creating tokens"): only with the card form's TOK_ and
    // recurring FIRST; card schemes forbid charging and cancelling an order to save a card
    const cardVerification = request.amountGrosze === 0;
    if (cardVerification && !request.cardToken?.startsWith('TOK_'))
      throw new Error('a 0 zł PayU order only saves a card: it needs the card form’s TOK_ token');
    const body = {
      ...this.orderBase(request, { allowZero: cardVerification }),
      continueUrl: request.continueUrl,
      // TOK_ (from the card form): the first payment saves the card (recurring FIRST); a saved TOKC_ with
      // the payer present is a one-click payment (no recurring flag; PayU may ask for 3-D Secure or CVV)
      ...(request.cardToken
        ? {
            payMethods: { payMethod: { type: 'CARD_TOKEN', value: request.cardToken } },
            ...(request.cardToken.startsWith('TOKC_') ? {} : { recurring: 'FIRST' }),
          }
        : {}),
    };
    let created: PayuOrderCreated;
    try {
      created = await this.payu.createOrder(body, 'create order');
    } catch (error) {
      // PayU refusing the token from the card form (invalid, expired, used) is about the payer's card
      if (
        request.cardToken &&
        error instanceof PayuError &&
        error.httpStatus === 400 &&
        error.statusCode === 'ERROR_VALUE_INVALID'
      )
        throw new CardRefused(error.statusDesc ?? error.statusCode);
      throw error;
    }
    const statusCode = created.status?.statusCode;
    const providerOrderId = created.orderId!;
    const savedCard = savedCardOf(created);
    const withCard = savedCard ? { savedCard } : {};
    if (statusCode === 'WARNING_CONTINUE_3DS' || statusCode === 'WARNING_CONTINUE_CVV') {
      if (!created.redirectUri)
        throw new PayuError(200, statusCode, 'no redirectUri for the payer', 'create order');
      return { kind: 'redirect', providerOrderId, redirectUri: created.redirectUri, ...withCard };
    }
    // SUCCESS: a token payment is being authorised (the outcome comes as a notification); otherwise the
    // payer goes to PayU's hosted page
    if (request.cardToken) return { kind: 'accepted', providerOrderId, ...withCard };
    if (!created.redirectUri)
      throw new PayuError(200, 'SUCCESS', 'no redirectUri for the payer', 'create order');
    return { kind: 'redirect', providerOrderId, redirectUri: created.redirectUri, ...withCard };
  }

  async chargeSavedCard(request: RenewalChargeRequest): Promise<RenewalChargeResult> {
    if (!request.cardToken.startsWith('TOKC_'))
      throw new Error('a renewal charges a reusable TOKC_ token (a TOK_ token is single-use)');
    let created: PayuOrderCreated;
    try {
      created = await this.payu.createOrder(
        {
          ...this.orderBase(request),
          payMethods: { payMethod: { type: 'CARD_TOKEN', value: request.cardToken } },
          recurring: 'STANDARD',
        },
        'charge saved card',
      );
    } catch (error) {
      // the charge was sent before (a resubmitted renewal: same extOrderId): PayU has the order and notifies
      // its outcome; nothing is charged twice
      if (error instanceof PayuError && error.statusCode === 'ERROR_ORDER_NOT_UNIQUE')
        return { providerOrderId: '', status: 'PENDING' };
      throw error;
    }
    const statusCode = created.status?.statusCode;
    if (statusCode === 'WARNING_CONTINUE_3DS' || statusCode === 'WARNING_CONTINUE_CVV')
      // a STANDARD recurring payment must not need the payer; PayU asking for them means the token cannot
      // be charged without the owner: a decline for our purposes (the order is abandoned)
      return { providerOrderId: created.orderId!, status: 'CANCELED', declineReason: statusCode };
    return { providerOrderId: created.orderId!, status: 'PENDING' };
  }

  async getOrder(providerOrderId: string) {
    const res = await this.payu.api(
      'GET',
      `/api/v2_1/orders/${encodeURIComponent(providerOrderId)}`,
      undefined,
      'get order',
    );
    const json = (await res.json()) as { orders?: PayuNotifiedOrder[]; status?: PayuStatus };
    const order = json.orders?.[0];
    const status = statusOf(order?.status);
    if (!order || !isStatus(status))
      throw new PayuError(
        res.status,
        json.status?.statusCode ?? 'NO_ORDER',
        'unexpected order answer',
        'get order',
      );
    return {
      status,
      amountGrosze: Number(order.totalAmount),
      paymentId: String(order.extOrderId ?? ''),
    };
  }

  /**
   * PayU "Cancelling an order": `DELETE /api/v2_1/orders/{orderId}` → 200 `{orderId, extOrderId, status:
   * {statusCode: SUCCESS}}`, the order turns CANCELED and PayU notifies it; 404 DATA_NOT_FOUND = no such order.
   * An order PayU will not cancel (paid, already cancelled) is refused with a 4xx whose code is not relied on:
   * the order is read back and its status answers. Unreachable or 5xx throws (nothing is known).
   */
  async cancelOrder(providerOrderId: string): Promise<CancelOutcome> {
    const path = `/api/v2_1/orders/${encodeURIComponent(providerOrderId)}`;
    try {
      const res = await this.payu.api('DELETE', path, undefined, 'cancel order');
      const json = (await res.json().catch(() => ({}))) as { status?: PayuStatus };
      if (json.status?.statusCode === 'SUCCESS') return 'CANCELED';
    } catch (error) {
      if (!(error instanceof PayuError) || error.httpStatus >= 500 || error.httpStatus === 401) throw error;
      if (error.httpStatus === 404) return 'NOT_FOUND';
    }
    const { status } = await this.getOrder(providerOrderId);
    if (status === 'COMPLETED' || status === 'CANCELED') return status;
    throw new PayuError(200, 'NOT_CANCELED', `the order is still ${status}`, 'cancel order');
  }

  /** PayU "Deleting tokens": `DELETE /api/v2_1/tokens/{TOKC_…}` → 204; 404 DATA_NOT_FOUND = already gone */
  async deleteSavedCard(cardToken: string) {
    const path = `/api/v2_1/tokens/${encodeURIComponent(cardToken)}`;
    try {
      const res = await this.payu.api('DELETE', path, undefined, 'delete token');
      await res.body?.cancel();
    } catch (error) {
      if (error instanceof PayuError && error.httpStatus === 404) return;
      throw error;
    }
  }

  parseNotification(rawBody: Buffer, headers: Record<string, string | undefined>): PaymentNotification {
    return parsePayuNotification(this.config, rawBody, headers);
  }

  private orderBase(request: CheckoutRequest | RenewalChargeRequest, { allowZero = false } = {}) {
    if (
      !Number.isSafeInteger(request.amountGrosze) ||
      request.amountGrosze < 0 ||
      (request.amountGrosze === 0 && !allowZero)
    )
      throw new Error(`amount must be positive integer grosze, got ${request.amountGrosze}`);
    return {
      notifyUrl: request.notifyUrl,
      customerIp: request.customerIp,
      merchantPosId: this.config.posId,
      description: request.description,
      currencyCode: request.currency,
      totalAmount: String(request.amountGrosze),
      extOrderId: request.paymentId,
      buyer: { email: request.buyer.email, firstName: request.buyer.name, language: request.buyer.language },
      products: [
        { name: request.description, unitPrice: String(request.amountGrosze), quantity: '1', virtual: true },
      ],
    };
  }
}

export function createPayuPaymentProvider(
  config: PayuConfig,
  options?: PayuProviderOptions,
): PaymentProvider {
  return new PayuPaymentProvider(config, options);
}

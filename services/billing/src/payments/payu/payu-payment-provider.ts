import { createHash, timingSafeEqual } from 'node:crypto';
import {
  CardRefused,
  NotificationRejected,
  type CheckoutRequest,
  type CheckoutResult,
  type PaymentNotification,
  type PaymentProvider,
  type ProviderOrderStatus,
  type RenewalChargeRequest,
  type RenewalChargeResult,
  type SavedCard,
} from '../payment-provider.port';
import type { PayuConfig } from './payu-config';

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

/** PayU refused a call (auth, validation, business rule): PayU's own status code and description. */
export class PayuError extends Error {
  readonly code = 'PAYMENT.PROVIDER_ERROR';
  constructor(
    readonly httpStatus: number,
    readonly statusCode: string,
    readonly statusDesc: string | undefined,
    readonly operation: string,
  ) {
    super(
      `PayU ${operation} failed: HTTP ${httpStatus} ${statusCode}${statusDesc ? ` — ${statusDesc}` : ''}`,
    );
    this.name = 'PayuError';
  }
}

export interface PayuProviderOptions {
  fetch?: typeof fetch;
  /** ms since the epoch; injectable for the token-expiry tests */
  now?: () => number;
  /** refresh the cached token this long before PayU's `expires_in` ends */
  tokenSafetyMarginMs?: number;
}

interface PayuStatus {
  statusCode?: string;
  code?: string;
  codeLiteral?: string;
  statusDesc?: string;
  severity?: string;
}

interface PayuOrderCreated {
  status?: PayuStatus;
  redirectUri?: string;
  orderId?: string;
  extOrderId?: string;
  payMethods?: {
    payMethod?: {
      type?: string;
      value?: string;
      card?: { number?: string; expirationMonth?: string | number; expirationYear?: string | number };
    };
  };
}

interface PayuNotifiedOrder {
  orderId?: unknown;
  extOrderId?: unknown;
  merchantPosId?: unknown;
  status?: unknown;
  totalAmount?: unknown;
  currencyCode?: unknown;
}

const ORDER_STATUSES: readonly ProviderOrderStatus[] = [
  'PENDING',
  'WAITING_FOR_CONFIRMATION',
  'COMPLETED',
  'CANCELED',
];
const HASHES: Record<string, string> = {
  MD5: 'md5',
  'SHA-256': 'sha256',
  SHA256: 'sha256',
  'SHA-384': 'sha384',
  SHA384: 'sha384',
  'SHA-512': 'sha512',
  SHA512: 'sha512',
};
const isStatus = (value: unknown): value is ProviderOrderStatus =>
  typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
/** PayU's NEW (created, the payer has not started) is still pending for us */
const statusOf = (value: unknown): unknown => (value === 'NEW' ? 'PENDING' : value);

/** `sender=checkout;signature=…;algorithm=MD5;content=DOCUMENT` → its fields. */
export function parseSignatureHeader(header: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0) fields[part.slice(0, at).trim().toLowerCase()] = part.slice(at + 1).trim();
  }
  return fields;
}

/** hex(hash(body + second key)) — how PayU signs notifications (and how the fake signs them). */
export function payuSignature(rawBody: Buffer | string, secondKey: string, algorithm = 'MD5'): string {
  const hash = HASHES[algorithm.toUpperCase()];
  if (!hash) throw new Error(`unsupported signature algorithm ${algorithm}`);
  return createHash(hash)
    .update(
      Buffer.concat([Buffer.isBuffer(rawBody) ? rawBody : Buffer.from(rawBody), Buffer.from(secondKey)]),
    )
    .digest('hex');
}

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

const header = (headers: Record<string, string | undefined>, name: string) => {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
};

export class PayuPaymentProvider implements PaymentProvider {
  readonly name = 'payu' as const;
  private token: { value: string; expiresAt: number } | undefined;
  private tokenRequest: Promise<string> | undefined;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;
  private readonly margin: number;

  constructor(
    private readonly config: PayuConfig,
    options: PayuProviderOptions = {},
  ) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.now = options.now ?? Date.now;
    this.margin = options.tokenSafetyMarginMs ?? 60_000;
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
      created = await this.createOrder(body, 'create order');
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
      created = await this.createOrder(
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
    const res = await this.api(
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

  parseNotification(rawBody: Buffer, headers: Record<string, string | undefined>): PaymentNotification {
    const signatureHeader = header(headers, 'openpayu-signature') ?? header(headers, 'x-openpayu-signature');
    if (!signatureHeader) throw new NotificationRejected('no OpenPayu-Signature header');
    const fields = parseSignatureHeader(signatureHeader);
    const algorithm = (fields['algorithm'] ?? '').toUpperCase();
    if (!HASHES[algorithm])
      throw new NotificationRejected(`unsupported signature algorithm "${fields['algorithm']}"`);
    if (fields['content'] && fields['content'] !== 'DOCUMENT')
      throw new NotificationRejected(`unsupported signature content "${fields['content']}"`);
    const sender = fields['sender'];
    if (sender !== 'checkout' && sender !== this.config.posId)
      throw new NotificationRejected(`unexpected sender "${sender ?? ''}"`);
    const given = Buffer.from((fields['signature'] ?? '').toLowerCase(), 'utf8');
    const expected = Buffer.from(payuSignature(rawBody, this.config.secondKey, algorithm), 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new NotificationRejected('signature mismatch');

    let parsed: { order?: PayuNotifiedOrder };
    try {
      parsed = JSON.parse(rawBody.toString('utf8')) as { order?: PayuNotifiedOrder };
    } catch {
      throw new NotificationRejected('body is not JSON');
    }
    const order = parsed.order;
    if (!order || typeof order !== 'object') throw new NotificationRejected('no order in the notification');
    if (String(order.merchantPosId) !== this.config.posId)
      throw new NotificationRejected(`order of another POS (${String(order.merchantPosId)})`);
    const status = statusOf(order.status);
    if (!isStatus(status)) throw new NotificationRejected(`unknown order status "${String(order.status)}"`);
    if (typeof order.orderId !== 'string' || !order.orderId) throw new NotificationRejected('no orderId');
    if (typeof order.extOrderId !== 'string' || !order.extOrderId)
      throw new NotificationRejected('no extOrderId');
    const amount =
      typeof order.totalAmount === 'string' && /^\d+$/.test(order.totalAmount)
        ? Number(order.totalAmount)
        : NaN;
    if (!Number.isSafeInteger(amount)) throw new NotificationRejected('totalAmount is not integer grosze');
    return {
      providerOrderId: order.orderId,
      paymentId: order.extOrderId,
      status,
      amountGrosze: amount,
      currency: typeof order.currencyCode === 'string' ? order.currencyCode : '',
    };
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

  private async createOrder(body: object, operation: string): Promise<PayuOrderCreated> {
    const res = await this.api('POST', '/api/v2_1/orders', body, operation);
    const created = (await res.json().catch(() => ({}))) as PayuOrderCreated;
    const statusCode = created.status?.statusCode ?? 'NO_STATUS';
    const accepted = ['SUCCESS', 'WARNING_CONTINUE_3DS', 'WARNING_CONTINUE_CVV'].includes(statusCode);
    if (!accepted || !created.orderId)
      throw new PayuError(
        res.status,
        statusCode,
        created.status?.statusDesc ?? created.status?.codeLiteral,
        operation,
      );
    return created;
  }

  /** One API call with the cached token; a 401 fetches a new token and tries once more. */
  private async api(
    method: string,
    path: string,
    body: object | undefined,
    operation: string,
  ): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken(attempt > 0);
      const res = await this.fetch(`${this.config.baseUrl}${path}`, {
        method,
        redirect: 'manual',
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (res.status === 401 && attempt === 0) {
        await res.body?.cancel();
        this.token = undefined;
        continue;
      }
      // 302 is PayU's normal answer to a new order (a JSON body with redirectUri)
      if (res.ok || res.status === 302) return res;
      const json = (await res.json().catch(() => ({}))) as {
        status?: PayuStatus;
        error?: string;
        error_description?: string;
      };
      throw new PayuError(
        res.status,
        json.status?.statusCode ?? json.error ?? 'HTTP_ERROR',
        json.status?.statusDesc ?? json.error_description,
        operation,
      );
    }
  }

  private async accessToken(forceRefresh: boolean): Promise<string> {
    if (!forceRefresh && this.token && this.now() < this.token.expiresAt) return this.token.value;
    this.tokenRequest ??= this.requestToken().finally(() => (this.tokenRequest = undefined));
    return this.tokenRequest;
  }

  private async requestToken(): Promise<string> {
    const res = await this.fetch(`${this.config.baseUrl}/pl/standard/user/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
      }).toString(),
    });
    const json = (await res.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
      error_description?: string;
    };
    if (!res.ok || !json.access_token || typeof json.expires_in !== 'number')
      throw new PayuError(res.status, json.error ?? 'OAUTH_ERROR', json.error_description, 'authorize');
    this.token = {
      value: json.access_token,
      expiresAt: this.now() + Math.max(0, json.expires_in * 1000 - this.margin),
    };
    return json.access_token;
  }
}

export function createPayuPaymentProvider(
  config: PayuConfig,
  options?: PayuProviderOptions,
): PaymentProvider {
  return new PayuPaymentProvider(config, options);
}

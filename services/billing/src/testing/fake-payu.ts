import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import type { PayuConfig } from '../payments/payu/payu-config';
import { payuSignature } from '../payments/payu/payu-payment-provider';

/**
 * A local PayU (OpenPayU v2.1) for tests, speaking the real protocol over HTTP and enforcing what PayU
 * enforces (BILLING.md "A faithful local PayU fake"):
 *
 * - OAuth `POST /pl/standard/user/oauth/authorize`: form-encoded only (JSON → 401), client id/secret
 *   checked, tokens expire (`expires_in`; the clock is injectable) and an expired or unknown token → 401.
 * - `POST /api/v2_1/orders` (Bearer): required fields, `merchantPosId` = our POS, PLN, `totalAmount` as a
 *   string of grosze, products; a duplicate `extOrderId` is refused (`ERROR_ORDER_NOT_UNIQUE`). The answer
 *   is **302 with a JSON body** for the hosted page and for 3-D Secure (`WARNING_CONTINUE_3DS`), 200
 *   `SUCCESS` for a token charge that needs nobody.
 * - Cards: the card form stand-in `POST /fake/card-form/tokens` issues single-use `TOK_…`; an order with it
 *   and `recurring: FIRST` (or `cardOnFile: FIRST`) — a purchase, or a 0 zł order that only saves the card
 *   (the only 0 zł order accepted) — goes through 3-D Secure and answers a reusable `TOKC_…` in `payMethods` (NEW
 *   until the order completes; a failed FIRST leaves it unusable); `recurring: STANDARD` charges an
 *   active `TOKC_…` without redirect. Declines are programmable (card number, token or amount).
 * - Status machine NEW → PENDING → COMPLETED | CANCELED with a notification POSTed to `notifyUrl` on every
 *   change, signed like PayU (`OpenPayu-Signature: sender=checkout;signature=md5(body + second key);
 *   algorithm=MD5;content=DOCUMENT`), resent on the retry schedule until answered 200.
 * - `GET /api/v2_1/orders/{id}`; `DELETE /api/v2_1/orders/{id}` cancels an order not paid yet (NEW, PENDING,
 *   WAITING_FOR_CONFIRMATION → CANCELED, notified like any change: the payer's page then refuses to pay), a
 *   paid or cancelled one is refused (400), an unknown one is DATA_NOT_FOUND (404).
 * - The payer's side: the page at `redirectUri` (hosted checkout or 3-D Secure) has "pay" and "cancel"
 *   forms posting to `/fake/orders/{orderId}/complete|cancel` — what a person does on PayU's page; a
 *   browser's form post is sent on to the order's `continueUrl` (with `error=501` after a cancel), as PayU
 *   does.
 * - The secure card form's JS SDK at `GET /javascript/sdk` (`fakePayuSdk`): `PayU(posId)`,
 *   `secureForms().add('card'|'number'|'date'|'cvv').render(selector)` and `.on('change' | 'ready')`,
 *   `tokenize('MULTI'|'SINGLE')` → `{status: 'SUCCESS', body: {token, mask}}` or `{status: 'ERROR', error:
 *   {messages: [{type, code, message}]}}`. Its fields are inputs rendered into the page; tokenize POSTs them
 *   (CORS) to the card form's token endpoint, which checks the POS, Luhn, expiry and CVV. Only a MULTI token
 *   can be saved by a FIRST order.
 */

export const PAYU_TEST_CARDS = {
  /** authorised (PayU sandbox's positive Visa) */
  ok: '4444333322221111',
  /** declined by the issuer (PayU sandbox's negative Maestro) */
  declined: '5000105018126595',
} as const;

export interface FakePayuOptions {
  posId?: string;
  secondKey?: string;
  clientId?: string;
  clientSecret?: string;
  /** OAuth `expires_in`, seconds (PayU: 43199) */
  tokenTtlSeconds?: number;
  /** ms since the epoch; lets tests expire tokens without waiting */
  now?: () => number;
  /**
   * delays before each delivery attempt of one notification; the default is compressed for tests
   * (PayU spreads its retries over hours)
   */
  notificationRetryDelaysMs?: number[];
  /** how long after an accepted token charge the issuer answers */
  authorisationDelayMs?: number;
}

type FakeStatus = 'NEW' | 'PENDING' | 'WAITING_FOR_CONFIRMATION' | 'COMPLETED' | 'CANCELED';

interface CardRecord {
  number: string;
  expirationMonth: string;
  expirationYear: string;
}

interface TokcRecord {
  value: string;
  card: CardRecord;
  status: 'NEW' | 'ACTIVE' | 'FAILED' | 'DELETED';
}

export interface FakeOrder {
  orderId: string;
  extOrderId: string;
  status: FakeStatus;
  totalAmount: string;
  currencyCode: string;
  notifyUrl?: string;
  continueUrl?: string;
  customerIp: string;
  description: string;
  merchantPosId: string;
  buyer?: Record<string, unknown>;
  products: unknown[];
  recurring?: 'FIRST' | 'STANDARD';
  /** PayU's other way to mark a stored-credential order (`cardOnFile: FIRST` saves the card like FIRST) */
  cardOnFile?: 'FIRST' | 'STANDARD_CARDHOLDER' | 'STANDARD_MERCHANT';
  /** the card behind the order's token, if any */
  card?: CardRecord;
  tokc?: TokcRecord;
  orderCreateDate: string;
}

export interface NotificationDelivery {
  orderId: string;
  status: FakeStatus;
  attempt: number;
  /** HTTP status our side answered, or 0 when the request failed */
  answered: number;
  /** what was sent: the raw body and its `OpenPayu-Signature` header (tests replay them) */
  body: string;
  signatureHeader: string;
}

const masked = (number: string) => `${number.slice(0, 6)}******${number.slice(-4)}`;
const tokenId = (prefix: string) => `${prefix}${randomBytes(16).toString('hex').toUpperCase().slice(0, 27)}`;

function luhnValid(number: string) {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return /^\d{12,19}$/.test(number) && sum % 10 === 0;
}

class HttpError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly body: object,
  ) {
    super(JSON.stringify(body));
  }
}
/** the card form's refusals: a 400 whose `status.code` the SDK hands to the page as PayU's message code */
const cardFormError = (code: string, message: string) =>
  new HttpError(400, {
    status: { statusCode: 'ERROR_VALUE_INVALID', severity: 'ERROR', statusDesc: message, code },
  });
const payuError = (httpStatus: number, statusCode: string, statusDesc: string, codeLiteral?: string) =>
  new HttpError(httpStatus, {
    status: { statusCode, severity: 'ERROR', statusDesc, ...(codeLiteral ? { codeLiteral } : {}) },
  });

export class FakePayu {
  readonly posId: string;
  readonly secondKey: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly deliveries: NotificationDelivery[] = [];
  private readonly orders = new Map<string, FakeOrder>();
  private readonly extOrderIds = new Set<string>();
  private readonly accessTokens = new Map<string, number>();
  private readonly singleUseTokens = new Map<
    string,
    { card: CardRecord; used: boolean; type: 'MULTI' | 'SINGLE' }
  >();
  private readonly tokcs = new Map<string, TokcRecord>();
  private readonly declinedCards = new Set<string>([PAYU_TEST_CARDS.declined]);
  private readonly declinedTokens = new Set<string>();
  private readonly declinedAmounts = new Set<number>();
  private readonly cvvRequired = new Set<string>();
  private unavailableOrders = 0;
  private notificationsLost = false;
  private heldNotifications: Array<() => void> | null = null;
  private readonly queues = new Map<string, Promise<void>>();
  private readonly pendingAuthorisations = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly tokenTtlSeconds: number;
  private readonly retryDelays: number[];
  private readonly authorisationDelayMs: number;
  private closed = false;
  /** counts the OAuth tokens issued (a test of the adapter's token cache reads it) */
  tokensIssued = 0;
  now: () => number;
  url = '';

  private constructor(
    private readonly server: Server,
    options: FakePayuOptions,
  ) {
    this.posId = options.posId ?? '300746';
    this.secondKey = options.secondKey ?? randomBytes(16).toString('hex');
    this.clientId = options.clientId ?? this.posId;
    this.clientSecret = options.clientSecret ?? randomBytes(16).toString('hex');
    this.tokenTtlSeconds = options.tokenTtlSeconds ?? 43199;
    this.now = options.now ?? Date.now;
    this.retryDelays = options.notificationRetryDelaysMs ?? [0, 20, 50, 100, 200, 400];
    this.authorisationDelayMs = options.authorisationDelayMs ?? 5;
  }

  static async start(options: FakePayuOptions = {}): Promise<FakePayu> {
    const server = createServer();
    const fake = new FakePayu(server, options);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => void fake.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return fake;
  }

  /** the adapter's configuration for this fake */
  get config(): PayuConfig {
    return {
      baseUrl: this.url,
      posId: this.posId,
      secondKey: this.secondKey,
      clientId: this.clientId,
      clientSecret: this.clientSecret,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  // ——— what tests program ———

  /** the issuer declines this card number / this saved token / every charge of this amount */
  declineCard(number: string) {
    this.declinedCards.add(number);
  }
  declineToken(token: string) {
    this.declinedTokens.add(token);
  }
  declineAmount(grosze: number) {
    this.declinedAmounts.add(grosze);
  }
  /** notifications are lost on the way (never delivered) until switched back: our side must ask PayU */
  loseNotifications(lost = true) {
    this.notificationsLost = lost;
  }
  /**
   * notifications wait until `releaseNotifications()` (PayU's come late): a test sees the moment between a
   * payment completing at PayU and our side hearing of it
   */
  holdNotifications() {
    this.heldNotifications ??= [];
  }
  releaseNotifications() {
    const held = this.heldNotifications ?? [];
    this.heldNotifications = null;
    for (const send of held) send();
  }
  /** PayU is down for the next `count` order calls (create or cancel): 503 before anything changes */
  unavailableForOrders(count = 1) {
    this.unavailableOrders += count;
  }
  /** a payer-present payment with this saved token asks for the CVV (`WARNING_CONTINUE_CVV`) */
  requireCvv(token: string) {
    this.cvvRequired.add(token);
  }
  order(orderId: string): FakeOrder | undefined {
    const order = this.orders.get(orderId);
    return order && structuredClone(order);
  }
  allOrders(): FakeOrder[] {
    return [...this.orders.values()].map((o) => structuredClone(o));
  }
  /** the card form (PayU's secure form) done in code: a single-use TOK_ for the card */
  tokenizeCard(card: Partial<CardRecord> = {}): string {
    return this.issueSingleUseToken({
      number: card.number ?? PAYU_TEST_CARDS.ok,
      expirationMonth: card.expirationMonth ?? '12',
      expirationYear: card.expirationYear ?? String(new Date(this.now()).getUTCFullYear() + 3),
    });
  }
  /** resolves when every pending authorisation is decided and every notification delivered or given up */
  async settled(): Promise<void> {
    while (true) {
      const pending = [...this.pendingAuthorisations, ...this.queues.values()];
      await Promise.all(pending);
      const now = [...this.pendingAuthorisations, ...this.queues.values()];
      if (now.every((p) => pending.includes(p))) return;
    }
  }

  // ——— HTTP ———

  private async handle(req: IncomingMessage, res: ServerResponse) {
    try {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', this.url);
      const route = `${req.method} ${url.pathname}`;
      let match: RegExpMatchArray | null;
      if (route === 'POST /pl/standard/user/oauth/authorize') return this.authorize(req, body, res);
      if (route === 'POST /api/v2_1/orders') return this.createOrder(req, body, res);
      if ((match = route.match(/^GET \/api\/v2_1\/orders\/([^/]+)$/)))
        return this.getOrder(req, match[1]!, res);
      if ((match = route.match(/^DELETE \/api\/v2_1\/orders\/([^/]+)$/)))
        return this.cancelOrder(req, decodeURIComponent(match[1]!), res);
      if ((match = route.match(/^DELETE \/api\/v2_1\/tokens\/([^/]+)$/)))
        return this.deleteToken(req, decodeURIComponent(match[1]!), res);
      if (route === 'GET /javascript/sdk') return this.sdk(res);
      // the card form's SDK calls the token endpoint from the merchant's page: CORS, as PayU's does
      if (url.pathname === '/fake/card-form/tokens') {
        res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
        res.setHeader('vary', 'origin');
        if (req.method === 'OPTIONS') {
          res.writeHead(204, {
            'access-control-allow-methods': 'POST',
            'access-control-allow-headers': 'content-type',
            'access-control-max-age': '600',
          });
          return res.end();
        }
      }
      if (route === 'POST /fake/card-form/tokens') return this.cardForm(body, res);
      if ((match = route.match(/^GET \/fake\/(checkout|3ds|cvv)\/([^/]+)$/)))
        return this.payerPage(match[2]!, match[1]!, res);
      if ((match = route.match(/^POST \/fake\/orders\/([^/]+)\/(complete|cancel)$/))) {
        const order = this.orders.get(match[1]!);
        if (!order) throw payuError(404, 'DATA_NOT_FOUND', 'order not found');
        if (match[2] === 'complete') this.payerPays(order);
        else this.payerCancels(order);
        // a person's browser (the page's form) goes back to the shop, as PayU sends it to continueUrl
        const fromForm = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
        if (fromForm && order.continueUrl) {
          const back = new URL(order.continueUrl);
          if (match[2] === 'cancel') back.searchParams.set('error', '501');
          res.writeHead(303, { location: back.toString() });
          return res.end();
        }
        return send(res, 200, { status: order.status });
      }
      send(res, 404, { status: { statusCode: 'DATA_NOT_FOUND', statusDesc: `no route ${route}` } });
    } catch (error) {
      if (error instanceof HttpError) send(res, error.httpStatus, error.body);
      else send(res, 500, { status: { statusCode: 'GENERAL_ERROR', statusDesc: String(error) } });
    }
  }

  private authorize(req: IncomingMessage, body: Buffer, res: ServerResponse) {
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded')
      throw new HttpError(401, {
        error: 'invalid_request',
        error_description: 'form-encoded parameters expected',
      });
    const form = new URLSearchParams(body.toString('utf8'));
    if (form.get('grant_type') !== 'client_credentials')
      throw new HttpError(400, {
        error: 'unsupported_grant_type',
        error_description: 'Unsupported grant type',
      });
    if (form.get('client_id') !== this.clientId || form.get('client_secret') !== this.clientSecret)
      throw new HttpError(401, { error: 'invalid_client', error_description: 'Bad client credentials' });
    const token = randomUUID();
    this.accessTokens.set(token, this.now() + this.tokenTtlSeconds * 1000);
    this.tokensIssued++;
    send(res, 200, {
      access_token: token,
      token_type: 'bearer',
      expires_in: this.tokenTtlSeconds,
      grant_type: 'client_credentials',
    });
  }

  private requireBearer(req: IncomingMessage) {
    const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const expiresAt = token ? this.accessTokens.get(token) : undefined;
    if (!token || expiresAt === undefined)
      throw new HttpError(401, { error: 'invalid_token', error_description: 'Invalid access token' });
    if (this.now() >= expiresAt)
      throw new HttpError(401, { error: 'invalid_token', error_description: 'Access token expired' });
  }

  private failIfUnavailable() {
    if (this.unavailableOrders > 0) {
      this.unavailableOrders--;
      throw payuError(503, 'SERVICE_UNAVAILABLE', 'Service temporarily unavailable');
    }
  }

  private createOrder(req: IncomingMessage, raw: Buffer, res: ServerResponse) {
    this.requireBearer(req);
    this.failIfUnavailable();
    if (!(req.headers['content-type'] ?? '').toLowerCase().startsWith('application/json'))
      throw payuError(415, 'ERROR_SYNTAX', 'Unsupported media type');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      throw payuError(400, 'ERROR_SYNTAX', 'Invalid JSON');
    }
    for (const field of ['customerIp', 'merchantPosId', 'description', 'currencyCode', 'totalAmount'])
      if (typeof body[field] !== 'string' || !body[field])
        throw payuError(400, 'ERROR_VALUE_MISSING', `Missing required field: ${field}`);
    if (body['merchantPosId'] !== this.posId)
      throw payuError(400, 'ERROR_VALUE_INVALID', 'Invalid merchantPosId');
    if (!isIP(body['customerIp'] as string))
      throw payuError(400, 'ERROR_VALUE_INVALID', 'Invalid customerIp');
    for (const field of ['notifyUrl', 'continueUrl'])
      if (body[field] !== undefined && !URL.canParse(String(body[field])))
        throw payuError(400, 'ERROR_VALUE_INVALID', `Invalid ${field}`);
    if (body['currencyCode'] !== 'PLN') throw payuError(400, 'ERROR_VALUE_INVALID', 'Unsupported currency');
    const totalAmount = body['totalAmount'] as string;
    if (!/^(0|[1-9]\d*)$/.test(totalAmount))
      throw payuError(400, 'ERROR_VALUE_INVALID', 'Invalid totalAmount');
    const products = body['products'];
    if (
      !Array.isArray(products) ||
      products.length === 0 ||
      !products.every(
        (p: Record<string, unknown>) =>
          typeof p?.['name'] === 'string' &&
          /^\d+$/.test(String(p['unitPrice'])) &&
          /^\d+$/.test(String(p['quantity'])),
      )
    )
      throw payuError(400, 'ERROR_VALUE_MISSING', 'Missing or invalid products');
    const extOrderId = typeof body['extOrderId'] === 'string' ? body['extOrderId'] : undefined;
    if (extOrderId && this.extOrderIds.has(extOrderId))
      throw payuError(
        400,
        'ERROR_ORDER_NOT_UNIQUE',
        'Order with this extOrderId already exists',
        'ORDER_NOT_UNIQUE',
      );

    const recurring = body['recurring'];
    if (recurring !== undefined && recurring !== 'FIRST' && recurring !== 'STANDARD')
      throw payuError(400, 'ERROR_VALUE_INVALID', 'Invalid recurring');
    const payMethod = (body['payMethods'] as { payMethod?: { type?: string; value?: string } } | undefined)
      ?.payMethod;
    const cardToken = payMethod?.type === 'CARD_TOKEN' ? payMethod.value : undefined;
    if (payMethod && !cardToken)
      throw payuError(400, 'ERROR_VALUE_INVALID', 'Only CARD_TOKEN is supported by the fake');
    if (recurring && !cardToken)
      throw payuError(400, 'ERROR_VALUE_MISSING', 'recurring needs payMethods CARD_TOKEN');
    const cardOnFile = body['cardOnFile'];
    if (
      cardOnFile !== undefined &&
      !['FIRST', 'STANDARD_CARDHOLDER', 'STANDARD_MERCHANT'].includes(String(cardOnFile))
    )
      throw payuError(400, 'ERROR_VALUE_INVALID', 'Invalid cardOnFile');
    if (cardOnFile !== undefined && recurring !== undefined)
      throw payuError(400, 'ERROR_VALUE_INVALID', 'Use either recurring or cardOnFile');
    if (cardOnFile && !cardToken)
      throw payuError(400, 'ERROR_VALUE_MISSING', 'cardOnFile needs payMethods CARD_TOKEN');
    // the token is saved (TOKC_ issued) by a first use marked FIRST, either way of saying it
    const first = recurring === 'FIRST' || cardOnFile === 'FIRST';
    // 0 zł: only to save a card without a purchase (PayU "Creating tokens"), never a payment
    if (totalAmount === '0' && !(first && cardToken?.startsWith('TOK_')))
      throw payuError(
        400,
        'ERROR_VALUE_INVALID',
        'totalAmount 0 is allowed only to create a card token: a TOK_ with recurring or cardOnFile FIRST',
      );

    const order: FakeOrder = {
      orderId: tokenId('').slice(0, 20),
      extOrderId: extOrderId ?? randomUUID(),
      status: 'NEW',
      totalAmount,
      currencyCode: 'PLN',
      notifyUrl: typeof body['notifyUrl'] === 'string' ? body['notifyUrl'] : undefined,
      continueUrl: typeof body['continueUrl'] === 'string' ? body['continueUrl'] : undefined,
      customerIp: body['customerIp'] as string,
      description: body['description'] as string,
      merchantPosId: this.posId,
      buyer: body['buyer'] as Record<string, unknown> | undefined,
      products,
      recurring: recurring as FakeOrder['recurring'],
      ...(cardOnFile ? { cardOnFile: cardOnFile as FakeOrder['cardOnFile'] } : {}),
      orderCreateDate: new Date(this.now()).toISOString(),
    };

    if (cardToken?.startsWith('TOK_')) {
      // a single-use token from the card form: only once, and only to save the card (FIRST) or pay once
      const single = this.singleUseTokens.get(cardToken);
      if (!single) throw payuError(400, 'ERROR_VALUE_INVALID', 'Invalid card token', 'INVALID_TOKEN');
      if (single.used)
        throw payuError(400, 'ERROR_VALUE_INVALID', 'Card token already used', 'TOKEN_ALREADY_USED');
      if (recurring === 'STANDARD' || (cardOnFile && cardOnFile !== 'FIRST'))
        throw payuError(
          400,
          'ERROR_VALUE_INVALID',
          'recurring STANDARD needs a TOKC_ token',
          'INVALID_TOKEN',
        );
      if (first && single.type !== 'MULTI')
        throw payuError(
          400,
          'ERROR_VALUE_INVALID',
          'recurring FIRST needs a MULTI token (tokenize("MULTI"))',
          'INVALID_TOKEN',
        );
      single.used = true;
      order.card = single.card;
      if (first) {
        order.tokc = { value: tokenId('TOKC_'), card: single.card, status: 'NEW' };
        this.tokcs.set(order.tokc.value, order.tokc);
      }
      this.register(order);
      // a customer-initiated first card payment goes through 3-D Secure: the payer must be redirected
      return send(res, 302, {
        status: { statusCode: 'WARNING_CONTINUE_3DS', severity: 'WARNING' },
        redirectUri: `${this.url}/fake/3ds/${order.orderId}`,
        iframeAllowed: true,
        threeDsProtocolVersion: '3DS2',
        orderId: order.orderId,
        extOrderId: order.extOrderId,
        ...(order.tokc ? { payMethods: { payMethod: this.payMethodOf(order.tokc) } } : {}),
      });
    }

    if (cardToken?.startsWith('TOKC_')) {
      const tokc = this.tokcs.get(cardToken);
      if (!tokc || tokc.status !== 'ACTIVE')
        throw payuError(400, 'ERROR_VALUE_INVALID', 'Invalid or inactive card token', 'INVALID_TOKEN');
      if (first) throw payuError(400, 'ERROR_VALUE_INVALID', 'recurring FIRST needs a single-use TOK_ token');
      order.card = tokc.card;
      order.tokc = tokc;
      if (recurring !== 'STANDARD' && cardOnFile !== 'STANDARD_MERCHANT') {
        // the payer is present (one-click payment with a saved card): strong authentication applies, so
        // 3-D Secure — or the CVV when the issuer asks for it
        this.register(order);
        const cvv = this.cvvRequired.has(tokc.value);
        return send(res, 302, {
          status: { statusCode: cvv ? 'WARNING_CONTINUE_CVV' : 'WARNING_CONTINUE_3DS', severity: 'WARNING' },
          redirectUri: `${this.url}/fake/${cvv ? 'cvv' : '3ds'}/${order.orderId}`,
          orderId: order.orderId,
          extOrderId: order.extOrderId,
        });
      }
      this.register(order);
      // no 3-D Secure, no CVV: the issuer decides shortly, the outcome arrives as notifications
      const authorised = new Promise<void>((resolve) =>
        this.later(this.authorisationDelayMs, () => {
          this.authorise(order);
          resolve();
        }),
      );
      this.pendingAuthorisations.add(authorised);
      void authorised.finally(() => this.pendingAuthorisations.delete(authorised));
      return send(res, 200, {
        status: { statusCode: 'SUCCESS' },
        orderId: order.orderId,
        extOrderId: order.extOrderId,
      });
    }
    if (cardToken) throw payuError(400, 'ERROR_VALUE_INVALID', 'Invalid card token', 'INVALID_TOKEN');

    // no pay method: PayU's hosted payment page
    this.register(order);
    send(res, 302, {
      status: { statusCode: 'SUCCESS' },
      redirectUri: `${this.url}/fake/checkout/${order.orderId}`,
      orderId: order.orderId,
      extOrderId: order.extOrderId,
    });
  }

  private getOrder(req: IncomingMessage, orderId: string, res: ServerResponse) {
    this.requireBearer(req);
    const order = this.orders.get(orderId);
    if (!order) throw payuError(404, 'DATA_NOT_FOUND', 'Could not find order');
    send(res, 200, {
      orders: [this.orderView(order)],
      status: { statusCode: 'SUCCESS', statusDesc: 'Request processing successful' },
    });
  }

  /**
   * PayU "Cancelling an order": an order not paid yet turns CANCELED (notified; a FIRST order's card token
   * fails with it) and the answer is 200 SUCCESS with its ids; a settled order cannot be cancelled
   */
  private cancelOrder(req: IncomingMessage, orderId: string, res: ServerResponse) {
    this.requireBearer(req);
    this.failIfUnavailable();
    const order = this.orders.get(orderId);
    if (!order) throw payuError(404, 'DATA_NOT_FOUND', 'Could not find order');
    if (order.status === 'COMPLETED' || order.status === 'CANCELED')
      throw payuError(400, 'ERROR_ORDER_STATUS', `Order in status ${order.status} cannot be canceled`);
    this.transition(order, 'CANCELED');
    send(res, 200, {
      orderId: order.orderId,
      extOrderId: order.extOrderId,
      status: { statusCode: 'SUCCESS', statusDesc: 'Request processing successful' },
    });
  }

  /** PayU "Deleting tokens": 204 No Content; an unknown or already deleted token is DATA_NOT_FOUND (404) */
  private deleteToken(req: IncomingMessage, value: string, res: ServerResponse) {
    this.requireBearer(req);
    const tokc = this.tokcs.get(value);
    if (!tokc || tokc.status === 'DELETED') throw payuError(404, 'DATA_NOT_FOUND', 'Token not found');
    tokc.status = 'DELETED';
    res.writeHead(204);
    res.end();
  }

  /** tests: the reusable token is still chargeable (not deleted, not failed) */
  tokenIsActive(value: string): boolean {
    return this.tokcs.get(value)?.status === 'ACTIVE';
  }

  private cardForm(raw: Buffer, res: ServerResponse) {
    let card: Partial<CardRecord> & { cvv?: string; posId?: string; type?: string };
    try {
      card = JSON.parse(raw.toString('utf8')) as typeof card;
    } catch {
      throw payuError(400, 'ERROR_SYNTAX', 'Invalid JSON');
    }
    // the SDK's calls carry its POS; tokens made in code (tests, the contract suite) may leave it out
    if (card.posId !== undefined && card.posId !== this.posId)
      throw cardFormError('error.pos.invalid', 'Invalid posId');
    const type = card.type ?? 'MULTI';
    if (type !== 'MULTI' && type !== 'SINGLE')
      throw cardFormError('error.type.invalid', 'Invalid token type');
    const number = String(card.number ?? '').replace(/\s+/g, '');
    const month = Number(card.expirationMonth);
    const year = Number(card.expirationYear);
    const today = new Date(this.now());
    if (!luhnValid(number)) throw cardFormError('error.validation.card.number', 'Invalid card number');
    if (
      !(month >= 1 && month <= 12) ||
      year * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1
    )
      throw cardFormError('error.validation.card.date', 'Card expired or invalid expiry');
    if (!/^\d{3,4}$/.test(String(card.cvv ?? '')))
      throw cardFormError('error.validation.card.cvv', 'Invalid CVV');
    const value = this.issueSingleUseToken(
      { number, expirationMonth: String(month).padStart(2, '0'), expirationYear: String(year) },
      type,
    );
    send(res, 201, { status: 'SUCCESS', data: { token: value, mask: masked(number) } });
  }

  private sdk(res: ServerResponse) {
    res.writeHead(200, {
      'content-type': 'application/javascript; charset=utf-8',
      'cache-control': 'no-store',
      'access-control-allow-origin': '*',
    });
    res.end(fakePayuSdk(this.url));
  }

  private payerPage(orderId: string, kind: string, res: ServerResponse) {
    const order = this.orders.get(orderId);
    if (!order) throw payuError(404, 'DATA_NOT_FOUND', 'order not found');
    const title = kind === '3ds' ? '3-D Secure' : kind === 'cvv' ? 'PayU — kod CVV' : 'PayU — płatność';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="pl"><title>${title}</title><h1>${title}</h1>` +
        `<p>${escapeHtml(order.description)}: ${(Number(order.totalAmount) / 100).toFixed(2)} PLN</p>` +
        `<form method="post" action="/fake/orders/${order.orderId}/complete"><button>Zapłać</button></form>` +
        `<form method="post" action="/fake/orders/${order.orderId}/cancel"><button>Anuluj</button></form></html>`,
    );
  }

  // ——— the status machine ———

  private register(order: FakeOrder) {
    this.orders.set(order.orderId, order);
    this.extOrderIds.add(order.extOrderId);
  }

  private payerPays(order: FakeOrder) {
    if (order.status !== 'NEW') throw payuError(400, 'ERROR_ORDER_STATUS', `order is ${order.status}`);
    this.authorise(order);
  }

  private payerCancels(order: FakeOrder) {
    if (order.status !== 'NEW' && order.status !== 'PENDING')
      throw payuError(400, 'ERROR_ORDER_STATUS', `order is ${order.status}`);
    this.transition(order, 'CANCELED');
  }

  private declines(order: FakeOrder) {
    return (
      (order.card && this.declinedCards.has(order.card.number)) ||
      (order.tokc && this.declinedTokens.has(order.tokc.value)) ||
      this.declinedAmounts.has(Number(order.totalAmount))
    );
  }

  /** the payment is being authorised (PENDING), then the issuer answers */
  private authorise(order: FakeOrder) {
    if (this.closed || order.status !== 'NEW') return;
    this.transition(order, 'PENDING');
    this.transition(order, this.declines(order) ? 'CANCELED' : 'COMPLETED');
  }

  private transition(order: FakeOrder, status: FakeStatus) {
    order.status = status;
    if (order.tokc && (order.recurring === 'FIRST' || order.cardOnFile === 'FIRST')) {
      if (status === 'COMPLETED') order.tokc.status = 'ACTIVE';
      if (status === 'CANCELED') order.tokc.status = 'FAILED';
    }
    if (!order.notifyUrl || this.notificationsLost) return;
    if (this.heldNotifications) this.heldNotifications.push(() => this.enqueueNotification(order, status));
    else this.enqueueNotification(order, status);
  }

  private orderView(order: FakeOrder) {
    return {
      orderId: order.orderId,
      extOrderId: order.extOrderId,
      orderCreateDate: order.orderCreateDate,
      notifyUrl: order.notifyUrl,
      customerIp: order.customerIp,
      merchantPosId: order.merchantPosId,
      description: order.description,
      currencyCode: order.currencyCode,
      totalAmount: order.totalAmount,
      ...(order.buyer ? { buyer: order.buyer } : {}),
      ...(order.card ? { payMethod: { type: 'CARD_TOKEN' } } : {}),
      products: order.products,
      status: order.status,
    };
  }

  private payMethodOf(tokc: TokcRecord) {
    return {
      card: {
        number: masked(tokc.card.number),
        expirationMonth: tokc.card.expirationMonth,
        expirationYear: tokc.card.expirationYear,
      },
      type: 'CARD_TOKEN',
      value: tokc.value,
    };
  }

  /** notifications of one order go out in order; each is resent on the schedule until answered 200 */
  private enqueueNotification(order: FakeOrder, status: FakeStatus) {
    const body = JSON.stringify({
      order: { ...this.orderView(order), status },
      ...(status === 'COMPLETED' ? { localReceiptDateTime: new Date(this.now()).toISOString() } : {}),
      properties: [{ name: 'PAYMENT_ID', value: order.orderId.slice(0, 10) }],
    });
    const previous = this.queues.get(order.orderId) ?? Promise.resolve();
    const next = previous.then(() => this.deliver(order, status, body, order.notifyUrl!));
    this.queues.set(order.orderId, next);
  }

  private async deliver(order: FakeOrder, status: FakeStatus, body: string, notifyUrl: string) {
    const signature = payuSignature(body, this.secondKey, 'MD5');
    const header = `sender=checkout;signature=${signature};algorithm=MD5;content=DOCUMENT`;
    for (const [attempt, delay] of this.retryDelays.entries()) {
      if (this.closed) return;
      if (delay > 0) await new Promise<void>((resolve) => this.later(delay, resolve));
      if (this.closed) return;
      let answered = 0;
      try {
        const res = await fetch(notifyUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json;charset=UTF-8',
            'openpayu-signature': header,
            'x-openpayu-signature': header,
          },
          body,
          signal: AbortSignal.timeout(5000),
        });
        answered = res.status;
        await res.body?.cancel();
      } catch {
        // not reachable: answered stays 0 and the notification is resent
      }
      this.deliveries.push({
        orderId: order.orderId,
        status,
        attempt: attempt + 1,
        answered,
        body,
        signatureHeader: header,
      });
      if (answered === 200) return;
    }
  }

  private later(ms: number, fn: () => void) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  private issueSingleUseToken(card: CardRecord, type: 'MULTI' | 'SINGLE' = 'MULTI') {
    const value = tokenId('TOK_');
    this.singleUseTokens.set(value, { card, used: false, type });
    return value;
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: object) {
  res.writeHead(status, {
    'content-type': 'application/json;charset=UTF-8',
    // PayU's 302 carries a Location too; a client that follows it lands on the payer's page, not the JSON
    ...(status === 302 && 'redirectUri' in body ? { location: String(body.redirectUri) } : {}),
  });
  res.end(JSON.stringify(body));
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The fake's stand-in for PayU's JS SDK (`<script src="https://secure.payu.com/javascript/sdk">`): the subset
 * the SPA uses, with the same names and result shapes. The fields are plain inputs rendered into the page
 * (PayU renders them in its own frames); `tokenize` sends them to the fake's card form endpoint.
 */
export function fakePayuSdk(origin: string): string {
  return `(function () {
  'use strict';
  var ORIGIN = ${JSON.stringify(origin)};
  var LABELS = { number: 'Numer karty', date: 'Data ważności (MM/RR)', cvv: 'Kod CVV' };
  var PLACEHOLDERS = { number: '1234 1234 1234 1234', date: 'MM/RR', cvv: '123' };
  function PayU(posId) {
    if (!posId) throw new Error('PayU: posId is required');
    var inputs = {};
    function secureForms() {
      return {
        add: function (type, options) {
          type = type || 'card';
          if (['card', 'number', 'date', 'cvv'].indexOf(type) < 0) throw new Error('PayU: unknown secure form type ' + type);
          var kinds = type === 'card' ? ['number', 'date', 'cvv'] : [type];
          var handlers = { change: [], ready: [], focus: [], blur: [] };
          var emit = function (event, data) {
            (handlers[event] || []).forEach(function (cb) { cb(data); });
          };
          return {
            render: function (selector) {
              var host = typeof selector === 'string' ? document.querySelector(selector) : selector;
              if (!host) throw new Error('PayU: no element ' + selector);
              kinds.forEach(function (kind) {
                var input = document.createElement('input');
                input.setAttribute('aria-label', LABELS[kind]);
                input.setAttribute('autocomplete', kind === 'number' ? 'cc-number' : kind === 'date' ? 'cc-exp' : 'cc-csc');
                input.setAttribute('inputmode', 'numeric');
                input.setAttribute('data-payu-field', kind);
                input.placeholder = (options && options.placeholder && options.placeholder[kind]) || PLACEHOLDERS[kind];
                input.style.cssText = 'width:100%;box-sizing:border-box;border:0;outline:0;font:inherit;background:transparent;padding:8px 0';
                input.addEventListener('input', function () { emit('change', { empty: input.value === '', error: false }); });
                input.addEventListener('focus', function () { emit('focus'); });
                input.addEventListener('blur', function () { emit('blur'); });
                host.appendChild(input);
                inputs[kind] = input;
              });
              setTimeout(function () { emit('ready'); }, 0);
              return this;
            },
            on: function (event, cb) {
              if (handlers[event]) handlers[event].push(cb);
              return this;
            },
            clear: function () { kinds.forEach(function (k) { if (inputs[k]) inputs[k].value = ''; }); return this; },
            remove: function () { kinds.forEach(function (k) { if (inputs[k]) { inputs[k].remove(); delete inputs[k]; } }); return this; }
          };
        }
      };
    }
    function error(type, code, message) {
      return { status: 'ERROR', error: { messages: [{ type: type, code: code, message: message }] } };
    }
    function tokenize(type) {
      type = type || 'SINGLE';
      if (type !== 'MULTI' && type !== 'SINGLE') return Promise.reject(new Error('PayU: tokenize type MULTI or SINGLE'));
      var missing = ['number', 'date', 'cvv'].filter(function (k) { return !inputs[k] || !inputs[k].value.trim(); });
      if (missing.length) return Promise.resolve(error('validation', 'error.validation.card.' + missing[0] + '.empty', 'Field is empty'));
      var date = inputs.date.value.replace(/\\s+/g, '').split('/');
      var year = date[1] || '';
      var body = {
        posId: String(posId),
        type: type,
        number: inputs.number.value.replace(/\\s+/g, ''),
        expirationMonth: date[0] || '',
        expirationYear: year.length === 2 ? '20' + year : year,
        cvv: inputs.cvv.value.trim()
      };
      return fetch(ORIGIN + '/fake/card-form/tokens', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body)
      }).then(function (res) {
        return res.json().then(function (json) {
          if (res.ok && json.status === 'SUCCESS') return { status: 'SUCCESS', body: { token: json.data.token, mask: json.data.mask } };
          var status = json.status || {};
          return error('validation', status.code || 'error.validation', status.statusDesc || 'Invalid card');
        });
      }, function () {
        return error('technical', 'error.network', 'Network error');
      });
    }
    return { secureForms: secureForms, tokenize: tokenize };
  }
  window.PayU = PayU;
})();
`;
}

import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakePayu, PAYU_TEST_CARDS } from '../../testing/fake-payu';
import { paymentProviderContract } from '../../testing/payment-provider.contract';
import { NotificationRejected, type CheckoutRequest, type CheckoutResult } from '../payment-provider.port';
import { PayuEnv, payuConfigFromEnv } from './payu-config';
import { PayuError, PayuPaymentProvider, payuSignature } from './payu-payment-provider';

/** The payer's side against the fake: the card form, then the buttons of the page at `redirectUri`. */
async function actAt(checkout: CheckoutResult, action: 'complete' | 'cancel') {
  if (checkout.kind !== 'redirect') return;
  const page = await fetch(checkout.redirectUri);
  expect(page.status).toBe(200);
  const html = await page.text();
  const path = new RegExp(`action="(/fake/orders/[^"]+/${action})"`).exec(html)?.[1];
  expect(path, `the page at ${checkout.redirectUri} has a ${action} form`).toBeTruthy();
  const res = await fetch(new URL(path!, checkout.redirectUri), { method: 'POST' });
  // PayU refuses to take money for an order no longer payable (paid, cancelled by the merchant)
  if (res.status !== 200) throw new Error(`PayU refused to ${action}: ${res.status} ${await res.text()}`);
}

paymentProviderContract('PayU (against the local fake PayU)', async () => {
  const fake = await FakePayu.start();
  return {
    provider: new PayuPaymentProvider(fake.config),
    payer: {
      tokenizeCard: async () => {
        const res = await fetch(`${fake.url}/fake/card-form/tokens`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            number: PAYU_TEST_CARDS.ok,
            expirationMonth: '12',
            expirationYear: '2030',
            cvv: '123',
          }),
        });
        const json = (await res.json()) as { data: { token: string } };
        return json.data.token;
      },
      pay: (checkout) => actAt(checkout, 'complete'),
      cancel: (checkout) => actAt(checkout, 'cancel'),
      declineSavedCard: async (token) => fake.declineToken(token),
    },
    close: () => fake.close(),
  };
});

describe('PayU adapter and the fake PayU: protocol details', () => {
  let fake: FakePayu;
  let clock: number;
  let provider: PayuPaymentProvider;
  let receiver: Server;
  let notifyUrl: string;
  /** what our notification route would answer, per call (default 200) */
  let answers: number[];
  const received: { rawBody: Buffer; headers: Record<string, string | undefined> }[] = [];

  beforeEach(async () => {
    clock = Date.parse('2026-11-25T10:00:00Z');
    fake = await FakePayu.start({ now: () => clock, tokenTtlSeconds: 43199 });
    provider = new PayuPaymentProvider(fake.config, { now: () => clock });
    answers = [];
    received.length = 0;
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ rawBody: Buffer.concat(chunks), headers: req.headers as Record<string, string> });
        res.writeHead(answers.shift() ?? 200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    notifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/notify`;
  });
  afterEach(async () => {
    await fake.close();
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  const request = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
    paymentId: randomUUID(),
    tenantId: 't-1',
    description: 'Punkto — plan Podstawowy, miesiąc',
    amountGrosze: 3000,
    currency: 'PLN',
    buyer: { email: 'jan@firma.example', name: 'Firma Jana', language: 'pl' },
    customerIp: '198.51.100.4',
    continueUrl: 'https://punkto.example/subskrypcja/sukces?paymentId=x',
    notifyUrl,
    ...overrides,
  });
  const pay = async (orderId: string) =>
    expect((await fetch(`${fake.url}/fake/orders/${orderId}/complete`, { method: 'POST' })).status).toBe(200);
  /** a fresh OAuth token, for calls made by hand */
  const bearer = async () => {
    const auth = await fetch(`${fake.url}/pl/standard/user/oauth/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: fake.clientId,
        client_secret: fake.clientSecret,
      }),
    });
    return ((await auth.json()) as { access_token: string }).access_token;
  };

  it('a PayU that accepts the connection and never answers fails the call after the timeout', async () => {
    const silent = createServer(() => {}); // holds every request open
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const stuck = new PayuPaymentProvider({ ...fake.config, baseUrl }, { requestTimeoutMs: 300 });
      const started = Date.now();
      await expect(stuck.deleteSavedCard('TOKC_X')).rejects.toThrow(/abort|timeout/i);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('OAuth: form-encoded client credentials only (JSON → 401), bad secret → 401', async () => {
    const json = await fetch(`${fake.url}/pl/standard/user/oauth/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: fake.clientId,
        client_secret: fake.clientSecret,
      }),
    });
    expect(json.status).toBe(401);
    const bad = new PayuPaymentProvider({ ...fake.config, clientSecret: 'x'.repeat(32) });
    await expect(bad.startCheckout(request())).rejects.toMatchObject({
      httpStatus: 401,
      statusCode: 'invalid_client',
    });
  });

  it('OAuth: the token is cached, fetched again near its expiry, and again when PayU answers 401', async () => {
    await provider.startCheckout(request());
    await provider.startCheckout(request());
    expect(fake.tokensIssued).toBe(1);
    // 30 s before expiry: inside the safety margin, a new token is fetched first
    clock += (43199 - 30) * 1000;
    await provider.startCheckout(request());
    expect(fake.tokensIssued).toBe(2);
    // PayU considers the token expired while we still trust it (clocks differ): 401 → new token → retried
    fake.now = () => clock + 43199 * 1000;
    const order = await provider.startCheckout(request());
    expect(order.kind).toBe('redirect');
    expect(fake.tokensIssued).toBe(3);
  });

  it('the order body: grosze as a string, extOrderId = paymentId, our POS, buyer, products, URLs', async () => {
    const req = request({ amountGrosze: 38400 });
    const checkout = await provider.startCheckout(req);
    const order = fake.order(checkout.providerOrderId)!;
    expect(order).toMatchObject({
      extOrderId: req.paymentId,
      totalAmount: '38400',
      currencyCode: 'PLN',
      merchantPosId: fake.posId,
      customerIp: '198.51.100.4',
      notifyUrl,
      continueUrl: req.continueUrl,
      description: req.description,
      buyer: { email: 'jan@firma.example', firstName: 'Firma Jana', language: 'pl' },
      products: [{ name: req.description, unitPrice: '38400', quantity: '1', virtual: true }],
      status: 'NEW',
    });
    expect(order.recurring).toBeUndefined();
  });

  it('answers 302 + JSON and the adapter reads it instead of following the redirect', async () => {
    const res = await rawOrder({
      description: 'x',
      totalAmount: '100',
      products: [{ name: 'x', unitPrice: '100', quantity: '1' }],
    });
    expect(res.status).toBe(302);
    const body = res.json as { status: { statusCode: string }; redirectUri: string };
    expect(body.status.statusCode).toBe('SUCCESS');
    expect(res.location).toBe(body.redirectUri);

    const checkout = await provider.startCheckout(request());
    expect(checkout).toEqual({
      kind: 'redirect',
      providerOrderId: expect.any(String),
      redirectUri: `${fake.url}/fake/checkout/${checkout.providerOrderId}`,
    });
  });

  it('refuses a second order with the same extOrderId (our paymentId) with PayU’s status', async () => {
    const req = request();
    await provider.startCheckout(req);
    const error = await provider.startCheckout(req).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayuError);
    expect(error).toMatchObject({ httpStatus: 400, statusCode: 'ERROR_ORDER_NOT_UNIQUE' });
  });

  it('a card checkout goes through 3-D Secure with recurring FIRST and returns the TOKC_ (active once COMPLETED)', async () => {
    const tok = fake.tokenizeCard({
      number: PAYU_TEST_CARDS.ok,
      expirationMonth: '07',
      expirationYear: '2029',
    });
    expect(tok).toMatch(/^TOK_/);
    const req = request({ cardToken: tok });
    const checkout = await provider.startCheckout(req);
    expect(checkout).toMatchObject({
      kind: 'redirect',
      redirectUri: `${fake.url}/fake/3ds/${checkout.providerOrderId}`,
      savedCard: {
        token: expect.stringMatching(/^TOKC_/),
        maskedNumber: '444433******1111',
        expiry: '07/2029',
        brand: 'VISA',
      },
    });
    expect(fake.order(checkout.providerOrderId)).toMatchObject({
      recurring: 'FIRST',
      tokc: { status: 'NEW' },
    });
    const savedToken = checkout.savedCard!.token;
    // not chargeable before the first payment completed
    await expect(provider.chargeSavedCard({ ...request(), cardToken: savedToken })).rejects.toMatchObject({
      statusCode: 'ERROR_VALUE_INVALID',
    });

    // single use: the same TOK_ cannot pay again — the payer's card refused (CardRefused: 400 in Polish)
    await expect(provider.startCheckout(request({ cardToken: tok }))).rejects.toMatchObject({
      name: 'CardRefused',
      reason: 'Card token already used',
    });

    await pay(checkout.providerOrderId);
    await fake.settled();
    expect(fake.order(checkout.providerOrderId)).toMatchObject({
      status: 'COMPLETED',
      tokc: { status: 'ACTIVE' },
    });
    const statuses = received.map((r) => provider.parseNotification(r.rawBody, r.headers).status);
    expect(statuses).toEqual(['PENDING', 'COMPLETED']);

    const renewalRequest = request({ amountGrosze: 28800 });
    const renewal = await provider.chargeSavedCard({ ...renewalRequest, cardToken: savedToken });
    expect(renewal.status).toBe('PENDING');
    expect(fake.order(renewal.providerOrderId)).toMatchObject({
      recurring: 'STANDARD',
      totalAmount: '28800',
    });
    await fake.settled();
    await expect(provider.getOrder(renewal.providerOrderId)).resolves.toMatchObject({
      status: 'COMPLETED',
      amountGrosze: 28800,
    });

    // the same renewal sent again (a resubmission after a crash): PayU refuses the duplicate extOrderId,
    // the adapter reports it pending (the outcome is PayU's notification), and nothing is charged twice
    const before = fake.allOrders().length;
    await expect(
      provider.chargeSavedCard({
        ...request({ amountGrosze: 28800, paymentId: renewalRequest.paymentId }),
        cardToken: savedToken,
      }),
    ).resolves.toMatchObject({ status: 'PENDING' });
    expect(fake.allOrders()).toHaveLength(before);

    // the company is closed (ADR 0047): DELETE /api/v2_1/tokens/{TOKC_} → the card is never charged again;
    // deleting it once more (a redelivered event) is no error: PayU's 404 means it is gone already
    await provider.deleteSavedCard(savedToken);
    expect(fake.tokenIsActive(savedToken)).toBe(false);
    await provider.deleteSavedCard(savedToken);
    await expect(provider.chargeSavedCard({ ...request(), cardToken: savedToken })).rejects.toMatchObject({
      statusCode: 'ERROR_VALUE_INVALID',
    });
    expect(fake.allOrders()).toHaveLength(before);
  });

  it('STANDARD is refused after a failed FIRST (declined card), and a TOK_ is never charged as a renewal', async () => {
    const checkout = await provider.startCheckout(
      request({ cardToken: fake.tokenizeCard({ number: PAYU_TEST_CARDS.declined }) }),
    );
    await pay(checkout.providerOrderId);
    await fake.settled();
    expect(fake.order(checkout.providerOrderId)).toMatchObject({
      status: 'CANCELED',
      tokc: { status: 'FAILED' },
    });
    await expect(
      provider.chargeSavedCard({ ...request(), cardToken: checkout.savedCard!.token }),
    ).rejects.toBeInstanceOf(PayuError);
    await expect(provider.chargeSavedCard({ ...request(), cardToken: fake.tokenizeCard() })).rejects.toThrow(
      /TOKC_/,
    );
  });

  /** an order posted as is (what the adapter would never send; by default a 0 zł card check), with a fresh OAuth token */
  async function rawOrder(body: Record<string, unknown>) {
    const auth = await fetch(`${fake.url}/pl/standard/user/oauth/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: fake.clientId,
        client_secret: fake.clientSecret,
      }),
    });
    const { access_token } = (await auth.json()) as { access_token: string };
    const res = await fetch(`${fake.url}/api/v2_1/orders`, {
      method: 'POST',
      redirect: 'manual',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        customerIp: '127.0.0.1',
        merchantPosId: fake.posId,
        description: 'Weryfikacja karty',
        currencyCode: 'PLN',
        totalAmount: '0',
        products: [{ name: 'Weryfikacja karty', unitPrice: '0', quantity: '1' }],
        ...body,
      }),
    });
    return {
      status: res.status,
      location: res.headers.get('location'),
      json: (await res.json()) as Record<string, unknown>,
    };
  }

  it('adding a card without a purchase: a 0 zł order with the TOK_ (recurring FIRST) → 3-D Secure → TOKC_ chargeable', async () => {
    const req = request({
      amountGrosze: 0,
      description: 'Punkto — weryfikacja karty (0 zł)',
      cardToken: fake.tokenizeCard({
        number: '5434021016824014',
        expirationMonth: '3',
        expirationYear: '2031',
      }),
    });
    const checkout = await provider.startCheckout(req);
    expect(checkout).toMatchObject({
      kind: 'redirect',
      redirectUri: `${fake.url}/fake/3ds/${checkout.providerOrderId}`,
      savedCard: {
        token: expect.stringMatching(/^TOKC_/),
        maskedNumber: '543402******4014',
        expiry: '03/2031',
        brand: 'MASTERCARD',
      },
    });
    expect(fake.order(checkout.providerOrderId)).toMatchObject({
      totalAmount: '0',
      recurring: 'FIRST',
      products: [{ unitPrice: '0', quantity: '1' }],
      buyer: { email: 'jan@firma.example', firstName: 'Firma Jana', language: 'pl' },
      tokc: { status: 'NEW' },
    });
    await pay(checkout.providerOrderId);
    await fake.settled();
    const notified = received.map((r) => provider.parseNotification(r.rawBody, r.headers));
    expect(notified.map((n) => [n.status, n.amountGrosze, n.paymentId])).toEqual([
      ['PENDING', 0, req.paymentId],
      ['COMPLETED', 0, req.paymentId],
    ]);
    await expect(provider.getOrder(checkout.providerOrderId)).resolves.toEqual({
      status: 'COMPLETED',
      amountGrosze: 0,
      paymentId: req.paymentId,
    });
    // the saved card now pays renewals without the payer
    const renewal = await provider.chargeSavedCard({
      ...request({ amountGrosze: 3000 }),
      cardToken: checkout.savedCard!.token,
    });
    await fake.settled();
    await expect(provider.getOrder(renewal.providerOrderId)).resolves.toMatchObject({
      status: 'COMPLETED',
      amountGrosze: 3000,
    });
  });

  it('a declined card verification is CANCELED and its TOKC_ never chargeable', async () => {
    const checkout = await provider.startCheckout(
      request({ amountGrosze: 0, cardToken: fake.tokenizeCard({ number: PAYU_TEST_CARDS.declined }) }),
    );
    await pay(checkout.providerOrderId);
    await fake.settled();
    expect(fake.order(checkout.providerOrderId)).toMatchObject({
      status: 'CANCELED',
      tokc: { status: 'FAILED' },
    });
    await expect(
      provider.chargeSavedCard({ ...request(), cardToken: checkout.savedCard!.token }),
    ).rejects.toMatchObject({ statusCode: 'ERROR_VALUE_INVALID' });
  });

  it('the fake accepts 0 zł only to save a card: TOK_ with recurring or cardOnFile FIRST', async () => {
    const refused = {
      status: 400,
      json: {
        status: {
          statusCode: 'ERROR_VALUE_INVALID',
          severity: 'ERROR',
          statusDesc: expect.stringMatching(/totalAmount 0/),
        },
      },
    };
    // no card: a 0 zł hosted payment is not a thing
    expect(await rawOrder({})).toMatchObject(refused);
    const card = (value: string) => ({ payMethods: { payMethod: { type: 'CARD_TOKEN', value } } });
    // a TOK_ without FIRST (a one-off payment) of 0 zł
    expect(await rawOrder(card(fake.tokenizeCard()))).toMatchObject(refused);
    // a saved TOKC_ charged 0 zł (STANDARD) — nothing to save
    const first = await provider.startCheckout(request({ cardToken: fake.tokenizeCard() }));
    await pay(first.providerOrderId);
    await fake.settled();
    expect(await rawOrder({ ...card(first.savedCard!.token), recurring: 'STANDARD' })).toMatchObject(refused);
    expect(fake.allOrders()).toHaveLength(1);

    // cardOnFile FIRST is PayU's other way to say it: accepted, 3-D Secure, TOKC_ in the answer
    const viaCardOnFile = await rawOrder({ ...card(fake.tokenizeCard()), cardOnFile: 'FIRST' });
    expect(viaCardOnFile).toMatchObject({
      status: 302,
      json: {
        status: { statusCode: 'WARNING_CONTINUE_3DS' },
        payMethods: { payMethod: { type: 'CARD_TOKEN', value: expect.stringMatching(/^TOKC_/) } },
      },
    });
    expect(
      await rawOrder({ ...card(fake.tokenizeCard()), cardOnFile: 'FIRST', recurring: 'FIRST' }),
    ).toMatchObject({ status: 400, json: { status: { statusCode: 'ERROR_VALUE_INVALID' } } });
  });

  it('declines programmed by amount reach us as CANCELED notifications', async () => {
    fake.declineAmount(4000);
    const first = await provider.startCheckout(request({ cardToken: fake.tokenizeCard() }));
    await pay(first.providerOrderId);
    await fake.settled();
    const renewal = await provider.chargeSavedCard({
      ...request({ amountGrosze: 4000 }),
      cardToken: first.savedCard!.token,
    });
    await fake.settled();
    const last = received.map((r) => provider.parseNotification(r.rawBody, r.headers)).at(-1)!;
    expect(last).toMatchObject({
      providerOrderId: renewal.providerOrderId,
      status: 'CANCELED',
      amountGrosze: 4000,
    });
  });

  it('a payer-present payment with the saved card (no recurring flag) is sent to 3-D Secure or, if asked, the CVV page', async () => {
    const first = await provider.startCheckout(request({ cardToken: fake.tokenizeCard() }));
    await pay(first.providerOrderId);
    await fake.settled();
    const tokc = first.savedCard!.token;

    const oneClick = await provider.startCheckout(request({ cardToken: tokc }));
    expect(oneClick).toMatchObject({
      kind: 'redirect',
      redirectUri: `${fake.url}/fake/3ds/${oneClick.providerOrderId}`,
    });
    expect(fake.order(oneClick.providerOrderId)!.recurring).toBeUndefined();

    fake.requireCvv(tokc);
    const withCvv = await provider.startCheckout(request({ cardToken: tokc, amountGrosze: 4000 }));
    expect(withCvv).toMatchObject({
      kind: 'redirect',
      redirectUri: `${fake.url}/fake/cvv/${withCvv.providerOrderId}`,
    });
    await pay(withCvv.providerOrderId);
    await fake.settled();
    await expect(provider.getOrder(withCvv.providerOrderId)).resolves.toMatchObject({
      status: 'COMPLETED',
      amountGrosze: 4000,
    });
  });

  it('PayU refuses what it refuses: a bad customer IP, a non-PLN or non-integer amount (the adapter checks amounts first)', async () => {
    await expect(provider.startCheckout(request({ customerIp: 'not-an-ip' }))).rejects.toMatchObject({
      httpStatus: 400,
      statusCode: 'ERROR_VALUE_INVALID',
    });
    await expect(provider.startCheckout(request({ amountGrosze: 30.5 }))).rejects.toThrow(/integer grosze/);
    // 0 zł only saves a card (with the card form's TOK_), never a payment
    await expect(provider.startCheckout(request({ amountGrosze: 0 }))).rejects.toThrow(/TOK_/);
    await expect(provider.startCheckout(request({ amountGrosze: -1 }))).rejects.toThrow(/integer grosze/);
    await expect(provider.startCheckout(request({ currency: 'EUR' as 'PLN' }))).rejects.toMatchObject({
      statusCode: 'ERROR_VALUE_INVALID',
    });
    expect(fake.allOrders()).toEqual([]);
  });

  it('resends a notification until our side answers 200', async () => {
    answers = [500, 503, 200, 500, 200];
    const checkout = await provider.startCheckout(request());
    await pay(checkout.providerOrderId);
    await fake.settled();
    expect(fake.deliveries.map((d) => [d.status, d.attempt, d.answered])).toEqual([
      ['PENDING', 1, 500],
      ['PENDING', 2, 503],
      ['PENDING', 3, 200],
      ['COMPLETED', 1, 500],
      ['COMPLETED', 2, 200],
    ]);
    // every resend is the same signed document
    const completed = received.slice(3).map((r) => r.rawBody.toString());
    expect(new Set(completed).size).toBe(1);
  });

  it('verifies the signature like PayU: sender=checkout, MD5 or SHA-256 of body + second key, our POS only', async () => {
    const checkout = await provider.startCheckout(request());
    await pay(checkout.providerOrderId);
    await fake.settled();
    const genuine = received.at(-1)!;
    expect(genuine.headers['openpayu-signature']).toMatch(
      /^sender=checkout;signature=[0-9a-f]{32};algorithm=MD5;content=DOCUMENT$/,
    );

    const sign = (body: Buffer | string, algorithm: string, key = fake.secondKey, sender = 'checkout') => ({
      'openpayu-signature': `sender=${sender};signature=${payuSignature(body, key, algorithm)};algorithm=${algorithm};content=DOCUMENT`,
    });
    expect(provider.parseNotification(genuine.rawBody, sign(genuine.rawBody, 'SHA-256')).status).toBe(
      'COMPLETED',
    );
    expect(provider.parseNotification(genuine.rawBody, sign(genuine.rawBody, 'SHA256')).status).toBe(
      'COMPLETED',
    );
    expect(
      provider.parseNotification(genuine.rawBody, sign(genuine.rawBody, 'MD5', fake.secondKey, fake.posId))
        .status,
    ).toBe('COMPLETED');

    const reject = (body: Buffer | string, headers: Record<string, string>, reason: RegExp) => {
      const error = (() => {
        try {
          provider.parseNotification(Buffer.from(body), headers);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(NotificationRejected);
      expect((error as NotificationRejected).reason).toMatch(reason);
    };
    reject(genuine.rawBody, sign(genuine.rawBody, 'MD5', 'another-second-key'), /signature mismatch/);
    reject(genuine.rawBody, sign(genuine.rawBody, 'MD5', fake.secondKey, '999999'), /sender/);
    reject(
      genuine.rawBody,
      { 'openpayu-signature': 'sender=checkout;signature=abc;algorithm=CRC32;content=DOCUMENT' },
      /algorithm/,
    );
    // correctly signed, but an order of another point of sale
    const foreign = genuine.rawBody
      .toString()
      .replace(`"merchantPosId":"${fake.posId}"`, '"merchantPosId":"145227"');
    reject(foreign, sign(foreign, 'MD5'), /another POS/);
  });

  it('cancelling: DELETE of the order answers SUCCESS and a CANCELED notification follows; PayU down throws and cancels nothing', async () => {
    const req = request();
    const checkout = await provider.startCheckout(req);
    fake.unavailableForOrders(1);
    await expect(provider.cancelOrder(checkout.providerOrderId)).rejects.toMatchObject({ httpStatus: 503 });
    expect(fake.order(checkout.providerOrderId)!.status).toBe('NEW');

    expect(await provider.cancelOrder(checkout.providerOrderId)).toBe('CANCELED');
    await fake.settled();
    const statuses = received.map((r) => JSON.parse(r.rawBody.toString('utf8')).order.status);
    expect(statuses).toEqual(['CANCELED']);
    // PayU refuses a second cancellation; the adapter reads the order instead of trusting a code
    const again = await fetch(`${fake.url}/api/v2_1/orders/${checkout.providerOrderId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${await bearer()}` },
    });
    expect(again.status).toBe(400);
    expect(await provider.cancelOrder(checkout.providerOrderId)).toBe('CANCELED');
  });

  it('getOrder of an unknown order is PayU’s DATA_NOT_FOUND', async () => {
    await expect(provider.getOrder('NOSUCHORDER')).rejects.toMatchObject({
      httpStatus: 404,
      statusCode: 'DATA_NOT_FOUND',
    });
  });

  it('the card form refuses invalid cards and issues TOK_ for valid ones', async () => {
    const form = (card: object) =>
      fetch(`${fake.url}/fake/card-form/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(card),
      });
    expect(
      (await form({ number: '4444333322221112', expirationMonth: '12', expirationYear: '2030', cvv: '123' }))
        .status,
    ).toBe(400);
    expect(
      (await form({ number: PAYU_TEST_CARDS.ok, expirationMonth: '01', expirationYear: '2020', cvv: '123' }))
        .status,
    ).toBe(400);
    const ok = await form({
      number: PAYU_TEST_CARDS.ok,
      expirationMonth: '12',
      expirationYear: '2030',
      cvv: '123',
    });
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as { data: { token: string } }).data.token).toMatch(/^TOK_/);
  });

  it('the card form SDK: served at /javascript/sdk; its POS and token type are checked; only MULTI saves a card', async () => {
    const sdk = await fetch(`${fake.url}/javascript/sdk`);
    expect(sdk.headers.get('content-type')).toContain('javascript');
    const source = await sdk.text();
    for (const api of ['secureForms', 'tokenize', 'render', 'window.PayU']) expect(source).toContain(api);
    const form = (card: object) =>
      fetch(`${fake.url}/fake/card-form/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:1' },
        body: JSON.stringify({
          number: PAYU_TEST_CARDS.ok,
          expirationMonth: '12',
          expirationYear: '2030',
          cvv: '123',
          ...card,
        }),
      });
    const foreign = await form({ posId: '999' });
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({ status: { code: 'error.pos.invalid' } });
    const badCvv = await form({ posId: fake.posId, cvv: '1' });
    expect(await badCvv.json()).toMatchObject({ status: { code: 'error.validation.card.cvv' } });
    const single = await form({ posId: fake.posId, type: 'SINGLE' });
    expect(single.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:1');
    const { data } = (await single.json()) as { data: { token: string; mask: string } };
    expect(data.mask).toBe('444433******1111');
    await expect(provider.startCheckout(request({ cardToken: data.token }))).rejects.toMatchObject({
      name: 'CardRefused',
      reason: expect.stringContaining('MULTI'),
    });
  });

  it('the configuration: PAYU_* variables validated, the base URL without a trailing slash', () => {
    const env = PayuEnv.parse({
      PAYU_BASE_URL: 'https://secure.snd.payu.com/',
      PAYU_POS_ID: '300746',
      PAYU_SECOND_KEY: 'b6ca15b0d1020e8094d9b5f8d163db54',
      PAYU_CLIENT_ID: '300746',
      PAYU_CLIENT_SECRET: '2ee86a66e5d97e3fadc400c9f19b065d',
    });
    expect(payuConfigFromEnv(env).baseUrl).toBe('https://secure.snd.payu.com');
    const bad = PayuEnv.safeParse({ PAYU_POS_ID: 'abc' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path[0]).sort()).toEqual(
      ['PAYU_CLIENT_ID', 'PAYU_CLIENT_SECRET', 'PAYU_POS_ID', 'PAYU_SECOND_KEY'].sort(),
    );
  });
});

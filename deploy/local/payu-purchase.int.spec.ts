import { ACCESS_COOKIE } from '@punkto/platform/http/auth-plugin';
import { createLogger } from '@punkto/platform/observability/logger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../../gateway/src/app';
import { GatewayEnv } from '../../gateway/src/config';
import { MaintenanceSwitch } from '../../gateway/src/maintenance';
import { payuSignature } from '../../services/billing/src/payments/payu/payu-payment-provider';
import { startBilling, type BillingTestApp } from '../../services/billing/src/testing/billing-test-app';
import { FakePayu } from '../../services/billing/src/testing/fake-payu';
import { freePort } from '@punkto/platform/testing/free-port';

/**
 * A PayU purchase through the gateway, as in production: the owner's calls and PayU's notifications both go
 * through the gateway's proxy to the billing service (PAYMENT_PROVIDER=payu), against the local fake PayU
 * over HTTP. The card is the card form's token; PayU's signed notifications reach billing only through the
 * gateway, raw body intact. Replays book nothing twice; forged signatures and wrong amounts are refused.
 */
let fake: FakePayu;
let billing: BillingTestApp;
let gateway: FastifyInstance;
let gatewayUrl: string;
const NOTIFY = '/api/v1/payments/notify';

beforeAll(async () => {
  fake = await FakePayu.start({ notificationRetryDelaysMs: [0, 50, 100, 200, 400, 800, 1600] });
  const gatewayPort = await freePort();
  gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  billing = await startBilling({
    PAYMENT_PROVIDER: 'payu',
    PAYU_BASE_URL: fake.url,
    PAYU_POS_ID: fake.posId,
    PAYU_SECOND_KEY: fake.secondKey,
    PAYU_CLIENT_ID: fake.clientId,
    PAYU_CLIENT_SECRET: fake.clientSecret,
    PUBLIC_URL: gatewayUrl,
  });
  const billingUrl = await billing.app.listen({ port: 0, host: '127.0.0.1' });
  const nowhere = 'http://127.0.0.1:9';
  gateway = await buildGateway({
    config: GatewayEnv.parse({
      IDENTITY_URL: nowhere,
      TENANT_URL: nowhere,
      CARD_LEDGER_URL: nowhere,
      BILLING_URL: billingUrl,
      SURVEY_URL: nowhere,
      NOTIFICATION_URL: nowhere,
      WEB_DIST_DIR: '',
      RATE_LIMIT_PER_MINUTE: '10000',
      PAYMENT_PROVIDER: 'payu',
      PAYU_BASE_URL: fake.url,
    }),
    logger: createLogger('gateway', 'silent'),
    maintenance: new MaintenanceSwitch(false),
  });
  await gateway.listen({ port: gatewayPort, host: '127.0.0.1' });
});

afterAll(async () => {
  // the fake's notifications came over keep-alive connections: closed, so the servers stop at once
  gateway?.server.closeAllConnections();
  billing?.app.server.closeAllConnections();
  await fake?.close();
  await gateway?.close();
  await billing?.close();
});

/** the owner's browser calling the API through the gateway */
const call = async (token: string | null, method: string, path: string, body?: object) => {
  const res = await fetch(`${gatewayUrl}${path}`, {
    method,
    headers: {
      ...(body && { 'content-type': 'application/json' }),
      ...(token && { cookie: `${ACCESS_COOKIE}=${token}` }),
      origin: gatewayUrl,
    },
    body: body && JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {}, text };
};

/** PayU POSTing a notification to our public notify URL (the gateway's) */
const notify = (body: string, signatureHeader: string) =>
  fetch(`${gatewayUrl}${NOTIFY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json;charset=UTF-8', 'openpayu-signature': signatureHeader },
    body,
  });

const signed = (body: string, key = fake.secondKey) =>
  `sender=checkout;signature=${payuSignature(body, key, 'MD5')};algorithm=MD5;content=DOCUMENT`;

/** what PayU's secure card form does in the browser: the card → a MULTI `TOK_` */
async function cardFormToken(number = '4444333322221111') {
  const res = await fetch(`${fake.url}/fake/card-form/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: gatewayUrl },
    body: JSON.stringify({
      posId: fake.posId,
      type: 'MULTI',
      number,
      expirationMonth: '12',
      expirationYear: '2030',
      cvv: '123',
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function startPurchase(token: string, tenantId: string) {
  const started = await call(token, 'POST', '/api/v1/payments/initiate-payment', {
    tenantId,
    planId: 'extended',
    isForYear: false,
    cardToken: await cardFormToken(),
  });
  expect(started.status, started.text).toBe(201);
  return started.json as { paymentId: string; redirectUri: string; amountGrosze: number };
}

/** the payer at PayU's 3-D Secure page: "Zapłać", then PayU sends the browser back to our continueUrl */
async function pass3ds(redirectUri: string) {
  const page = await (await fetch(redirectUri)).text();
  const action = /action="(\/fake\/orders\/[^"]+\/complete)"/.exec(page)![1]!;
  const res = await fetch(new URL(action, redirectUri), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return res.headers.get('location');
}

const invoicesOf = async (token: string, tenantId: string) =>
  (await call(token, 'GET', `/api/v1/invoices/all/${tenantId}`)).json.items as Array<{ paymentId: string }>;

describe('a PayU purchase through the gateway', () => {
  let owner: { tenantId: string; token: string };
  let paymentId: string;
  let orderId: string;

  it('card form token → 3-D Secure → PayU’s notification via the gateway → active plan, invoice, saved card', async () => {
    billing.setNow(new Date().toISOString());
    owner = await billing.tenant();
    const { token, tenantId } = owner;
    const plans = await call(null, 'GET', '/api/v1/subscriptions/list-available-subscriptions');
    expect(plans.json.cardForm).toEqual({
      provider: 'payu',
      payu: { sdkUrl: `${fake.url}/javascript/sdk`, posId: fake.posId },
    });

    const started = await startPurchase(token, tenantId);
    paymentId = started.paymentId;
    expect(started.amountGrosze).toBe(4000);
    expect(started.redirectUri.startsWith(`${fake.url}/fake/3ds/`)).toBe(true);
    orderId = fake.allOrders().find((o) => o.extOrderId === paymentId)!.orderId;
    expect(await pass3ds(started.redirectUri)).toBe(
      `${gatewayUrl}/subskrypcja/sukces?paymentId=${paymentId}`,
    );

    await expect
      .poll(async () => (await call(token, 'GET', `/api/v1/payments/${paymentId}/get-order`)).json.status, {
        timeout: 10_000,
      })
      .toBe('completed');
    await fake.settled();
    // PayU's notifications reached billing through the gateway and were answered 200 at once
    const toUs = fake.deliveries.filter((d) => d.orderId === orderId);
    expect(toUs.map((d) => [d.status, d.answered])).toEqual([
      ['PENDING', 200],
      ['COMPLETED', 200],
    ]);
    expect((await call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`)).json).toMatchObject({
      status: 'active',
      planId: 'extended',
      isForYear: false,
    });
    expect(await invoicesOf(token, tenantId)).toEqual([
      expect.objectContaining({ paymentId, grossGrosze: 4000 }),
    ]);
    expect((await call(token, 'GET', `/api/v1/payment-methods/${tenantId}`)).json.items).toEqual([
      expect.objectContaining({ maskedNumber: '444433******1111', isDefault: true }),
    ]);
  });

  it('PayU’s COMPLETED notification replayed 5 times: one payment, one invoice, one period', async () => {
    const { token, tenantId } = owner;
    const completed = fake.deliveries.find((d) => d.orderId === orderId && d.status === 'COMPLETED')!;
    const before = (await call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`)).json;
    for (let i = 0; i < 5; i++) {
      const res = await notify(completed.body, completed.signatureHeader);
      expect(res.status).toBe(200);
    }
    expect(await invoicesOf(token, tenantId)).toHaveLength(1);
    const after = (await call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`)).json;
    expect(after.periodEnd).toBe(before.periodEnd);
    const events = await billing.infra.eventStore.readStream(`payment-${paymentId}`);
    // completed once and booked once (ADR 0052), whatever the replays
    expect(events.map((e) => e.type)).toEqual(['PaymentInitiated', 'PaymentCompleted', 'PaymentBooked']);
  });

  it('adding a card through the gateway: a 0 zł order, 3-D Secure, PayU’s notifications via the gateway → the card saved once, no invoice, no period', async () => {
    const { token, tenantId } = owner;
    const before = (await call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`)).json;
    const added = await call(token, 'POST', '/api/v1/payment-methods/add', {
      tenantId,
      cardToken: await cardFormToken('5555555555554444'),
    });
    expect(added.status, added.text).toBe(201);
    const { paymentId: verificationId, redirectUri } = added.json as {
      paymentId: string;
      redirectUri: string;
    };
    const order = fake.allOrders().find((o) => o.extOrderId === verificationId)!;
    expect(order).toMatchObject({ totalAmount: '0', recurring: 'FIRST' });
    expect(await pass3ds(redirectUri)).toBe(`${gatewayUrl}/subskrypcja/sukces?paymentId=${verificationId}`);
    await fake.settled();
    expect(
      fake.deliveries.filter((d) => d.orderId === order.orderId).map((d) => [d.status, d.answered]),
    ).toEqual([
      ['PENDING', 200],
      ['COMPLETED', 200],
    ]);
    // replayed: one card
    const completed = fake.deliveries.find((d) => d.orderId === order.orderId && d.status === 'COMPLETED')!;
    for (let i = 0; i < 5; i++)
      expect((await notify(completed.body, completed.signatureHeader)).status).toBe(200);
    expect((await call(token, 'GET', `/api/v1/payment-methods/${tenantId}`)).json.items).toEqual([
      expect.objectContaining({ maskedNumber: '444433******1111', isDefault: true }),
      expect.objectContaining({ maskedNumber: '555555******4444', isDefault: false }),
    ]);
    expect(await invoicesOf(token, tenantId)).toHaveLength(1);
    const after = (await call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`)).json;
    expect(after.periodEnd).toBe(before.periodEnd);
    const events = await billing.infra.eventStore.readStream(`payment-${verificationId}`);
    // completed once and booked once (ADR 0052), whatever the replays
    expect(events.map((e) => e.type)).toEqual(['PaymentInitiated', 'PaymentCompleted', 'PaymentBooked']);
    // a correctly signed COMPLETED claiming money for a pending 0 zł order is refused, no card saved
    const pending = await call(token, 'POST', '/api/v1/payment-methods/add', {
      tenantId,
      cardToken: await cardFormToken('4111111111111111'),
    });
    const pendingOrder = fake
      .allOrders()
      .find((o) => o.extOrderId === (pending.json as { paymentId: string }).paymentId)!;
    const body = JSON.stringify({
      order: {
        orderId: pendingOrder.orderId,
        extOrderId: pendingOrder.extOrderId,
        merchantPosId: fake.posId,
        description: pendingOrder.description,
        currencyCode: 'PLN',
        totalAmount: '4000',
        status: 'COMPLETED',
      },
    });
    const res = await notify(body, signed(body));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'PAYMENT.AMOUNT_MISMATCH' });
    expect((await call(token, 'GET', `/api/v1/payment-methods/${tenantId}`)).json.items).toHaveLength(2);
    expect(await invoicesOf(token, tenantId)).toHaveLength(1);
  });

  it('a forged OpenPayu-Signature is refused (400 in the spec’s error shape), nothing booked', async () => {
    const completed = fake.deliveries.find((d) => d.orderId === orderId && d.status === 'COMPLETED')!;
    // a copy of PayU's notification for another company's unpaid purchase, signed with a key that is not ours
    const { token, tenantId } = await billing.tenant();
    const second = await startPurchase(token, tenantId);
    const secondOrder = fake.allOrders().find((o) => o.extOrderId === second.paymentId)!;
    const forgedBody = completed.body
      .replaceAll(orderId, secondOrder.orderId)
      .replaceAll(paymentId, second.paymentId);
    const forged = await notify(forgedBody, signed(forgedBody, 'not-the-second-key-0123456789'));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({
      code: 'PAYMENT.NOTIFICATION_REJECTED',
      localizedMessage: expect.stringContaining('Powiadomienie odrzucone'),
    });
    // the genuine signature of another body does not fit either
    const reused = await notify(forgedBody, completed.signatureHeader);
    expect(reused.status).toBe(400);
    expect((await call(token, 'GET', `/api/v1/payments/${second.paymentId}/get-order`)).json.status).toBe(
      'pending',
    );
    expect(await invoicesOf(token, tenantId)).toEqual([]);
    expect(await invoicesOf(owner.token, owner.tenantId)).toHaveLength(1);
  });

  it('a correctly signed notification with another amount than the order’s is refused, nothing booked', async () => {
    billing.setNow(new Date().toISOString());
    const other = await billing.tenant();
    const started = await startPurchase(other.token, other.tenantId);
    const order = fake.allOrders().find((o) => o.extOrderId === started.paymentId)!;
    const body = JSON.stringify({
      order: {
        orderId: order.orderId,
        extOrderId: order.extOrderId,
        merchantPosId: fake.posId,
        description: order.description,
        currencyCode: 'PLN',
        totalAmount: '100',
        status: 'COMPLETED',
      },
    });
    const res = await notify(body, signed(body));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'PAYMENT.AMOUNT_MISMATCH',
      localizedMessage: expect.stringContaining('nie zgadza się z zamówieniem'),
    });
    expect(
      (await call(other.token, 'GET', `/api/v1/payments/${started.paymentId}/get-order`)).json.status,
    ).toBe('pending');
    expect(await invoicesOf(other.token, other.tenantId)).toEqual([]);
    expect(
      (await call(other.token, 'GET', `/api/v1/tenants/${other.tenantId}/tenant-subscription`)).json.status,
    ).toBe('trialing');
  });
});

import { Topics } from '@punkto/contracts/topics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakePayu } from '../testing/fake-payu';
import type { BillingTestApp } from '../testing/billing-test-app';
import { startBillingOnFakePayu } from '../testing/billing-on-fake-payu';
import { OPEN_ORDER_TTL_MS } from './open-orders';
import { PayuPaymentProvider } from './payu/payu-payment-provider';

/**
 * ADR 0055, through the billing service with PAYMENT_PROVIDER=payu against the local fake PayU: a checkout
 * abandoned past the open order's 30 minutes is cancelled at PayU before the next plan change starts its own, so
 * a late payer cannot pay both; a payer who paid first stops the new checkout; PayU down starts nothing; closing
 * the company cancels its open order.
 */
let fake: FakePayu;
let t: BillingTestApp;

let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, fake, close } = await startBillingOnFakePayu());
});
afterAll(async () => close?.());

type Started = { paymentId: string; amountGrosze: number; redirectUri: string };
const initiate = (token: string, tenantId: string, planId: 'basic' | 'extended') =>
  t.call(token, 'POST', '/api/v1/payments/initiate-payment', { tenantId, planId, isForYear: false });
const providerOrderOf = async (paymentId: string) =>
  (await t.built.payments.find(paymentId))!.order.providerOrderId!;
/** the payer presses „Zapłać” on PayU's page: PayU's answer (200, or 400 for an order it will not take) */
async function payAtPayu(redirectUri: string) {
  const page = await (await fetch(redirectUri)).text();
  const path = /action="(\/fake\/orders\/[^"]+\/complete)"/.exec(page)![1]!;
  return (await fetch(new URL(path, redirectUri), { method: 'POST' })).status;
}
const invoicesOf = async (token: string, tenantId: string) =>
  (await t.call(token, 'GET', `/api/v1/invoices/all/${tenantId}`)).json().items as unknown[];
const statusOf = async (token: string, paymentId: string) =>
  (await t.call(token, 'GET', `/api/v1/payments/${paymentId}/get-order`)).json().status as string;
/** a company in its trial with a checkout for the basic plan left open, and the clock 31 minutes on */
async function abandonedCheckout() {
  t.setNow(new Date().toISOString());
  const company = await t.tenant();
  const res = await initiate(company.token, company.tenantId, 'basic');
  expect(res.statusCode, res.body).toBe(201);
  const abandoned = res.json() as Started;
  t.setNow(new Date(t.now().getTime() + OPEN_ORDER_TTL_MS + 60_000).toISOString());
  return { ...company, abandoned, orderId: await providerOrderOf(abandoned.paymentId) };
}

describe('a plan change after a checkout abandoned for more than 30 minutes (ADR 0055)', () => {
  it('cancels the old order at PayU first: its late payer is refused, one charge and one invoice', async () => {
    const { token, tenantId, abandoned, orderId } = await abandonedCheckout();
    const ordersBefore = fake.allOrders().length;

    const res = await initiate(token, tenantId, 'extended');
    expect(res.statusCode, res.body).toBe(201);
    const upgrade = res.json() as Started;
    expect(upgrade.paymentId).not.toBe(abandoned.paymentId);
    expect(fake.order(orderId)!.status).toBe('CANCELED');
    expect(fake.allOrders()).toHaveLength(ordersBefore + 1);

    // the payer comes back to the old PayU page and pays: PayU refuses, nothing is taken
    expect(await payAtPayu(abandoned.redirectUri)).toBe(400);
    expect(await payAtPayu(upgrade.redirectUri)).toBe(200);
    await fake.settled();
    await expect.poll(() => statusOf(token, upgrade.paymentId), { timeout: 10_000 }).toBe('completed');
    expect(await statusOf(token, abandoned.paymentId)).toBe('failed');
    const charged = [abandoned.paymentId, upgrade.paymentId].filter(
      (id) => fake.allOrders().find((o) => o.extOrderId === id)?.status === 'COMPLETED',
    );
    expect(charged).toEqual([upgrade.paymentId]);
    expect(await invoicesOf(token, tenantId)).toHaveLength(1);
  });

  it('paid just before the new request: no second checkout, the 409 says so, and the one payment is booked', async () => {
    const { token, tenantId, abandoned, orderId } = await abandonedCheckout();
    // the payer paid on PayU's page a moment ago; PayU's notification is on its way
    fake.holdNotifications();
    expect(await payAtPayu(abandoned.redirectUri)).toBe(200);
    const ordersBefore = fake.allOrders().length;

    const res = await initiate(token, tenantId, 'extended');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PAYMENT.PREVIOUS_COMPLETED',
      localizedMessage: expect.stringContaining('nie zaczynamy drugiej płatności'),
    });
    expect(fake.allOrders()).toHaveLength(ordersBefore);
    expect(fake.order(orderId)!.status).toBe('COMPLETED');

    // the notification arrives and books it, as any payment: one period, one invoice
    fake.releaseNotifications();
    await fake.settled();
    await expect.poll(() => statusOf(token, abandoned.paymentId), { timeout: 10_000 }).toBe('completed');
    expect(await invoicesOf(token, tenantId)).toHaveLength(1);
    expect(
      (await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`)).json(),
    ).toMatchObject({ status: 'active', planId: 'basic' });
  });

  it('PayU down: 503 with Retry-After and no new order; once PayU answers, the change goes on', async () => {
    const { token, tenantId, orderId } = await abandonedCheckout();
    const ordersBefore = fake.allOrders().length;
    fake.unavailableForOrders(1);

    const res = await initiate(token, tenantId, 'extended');
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.json()).toMatchObject({
      code: 'PAYMENT.PROVIDER_UNAVAILABLE',
      localizedMessage: expect.stringContaining('nic nie zostało pobrane'),
    });
    expect(fake.allOrders()).toHaveLength(ordersBefore);
    expect(fake.order(orderId)!.status).toBe('NEW');

    const again = await initiate(token, tenantId, 'extended');
    expect(again.statusCode, again.body).toBe(201);
    expect(fake.order(orderId)!.status).toBe('CANCELED');
  });

  it('a crash after the cancellation and before the new checkout: the next request cancels again, harmlessly', async () => {
    const { token, tenantId, abandoned, orderId } = await abandonedCheckout();
    // an earlier request cancelled it at PayU and died before recording anything; PayU's CANCELED
    // notification has not reached us either
    fake.loseNotifications();
    try {
      expect(await new PayuPaymentProvider(fake.config).cancelOrder(orderId)).toBe('CANCELED');
      const res = await initiate(token, tenantId, 'extended');
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      fake.loseNotifications(false);
    }
    expect(await t.built.payments.find(abandoned.paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'superseded',
    });
  });
});

describe('closing a company with an open PayU order (ADR 0047, 0055)', () => {
  it('cancels the order at PayU: the payer can no longer pay it, nothing is invoiced', async () => {
    t.setNow(new Date().toISOString());
    const { token, tenantId, ownerId } = await t.tenant();
    const started = (await initiate(token, tenantId, 'basic')).json() as Started;
    const orderId = await providerOrderOf(started.paymentId);

    await t.deliver(Topics.tenantTenants, 'TenantDeleted', {
      tenantId,
      ownerId,
      deletedAt: t.now().toISOString(),
    });
    expect(fake.order(orderId)!.status).toBe('CANCELED');
    expect(await payAtPayu(started.redirectUri)).toBe(400);
    await fake.settled();
    expect(await t.built.payments.find(started.paymentId)).toMatchObject({ status: 'failed' });
    expect(await t.built.invoices.byPayment(started.paymentId)).toBeNull();
  });

  it('PayU down during the closure: the closure fails (handled again), the order is cancelled then', async () => {
    t.setNow(new Date().toISOString());
    const { token, tenantId, ownerId } = await t.tenant();
    const started = (await initiate(token, tenantId, 'basic')).json() as Started;
    const orderId = await providerOrderOf(started.paymentId);
    const closed = { tenantId, ownerId, deletedAt: t.now().toISOString() };

    fake.unavailableForOrders(1);
    await expect(t.deliver(Topics.tenantTenants, 'TenantDeleted', closed)).rejects.toThrow(/503/);
    expect(fake.order(orderId)!.status).toBe('NEW');
    await t.deliver(Topics.tenantTenants, 'TenantDeleted', closed); // the bus redelivers it
    expect(fake.order(orderId)!.status).toBe('CANCELED');
  });
});

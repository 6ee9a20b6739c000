import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakePayu } from '../testing/fake-payu';
import { startBilling, type BillingTestApp } from '../testing/billing-test-app';

/**
 * The billing service with PAYMENT_PROVIDER=payu against the local fake PayU (the real protocol): the owner's
 * payment is created at PayU, paid on PayU's page, and PayU's signed notification, POSTed over HTTP to the
 * billing service's notification route, activates the plan and issues the invoice.
 */
let fake: FakePayu;
let t: BillingTestApp;
let port: number;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  fake = await FakePayu.start();
  port = await freePort();
  const { baseUrl, posId, secondKey, clientId, clientSecret } = fake.config;
  t = await startBilling({
    PAYMENT_PROVIDER: 'payu',
    PAYU_BASE_URL: baseUrl,
    PAYU_POS_ID: posId,
    PAYU_SECOND_KEY: secondKey,
    PAYU_CLIENT_ID: clientId,
    PAYU_CLIENT_SECRET: clientSecret,
    PAYMENT_NOTIFY_URL: `http://127.0.0.1:${port}/api/v1/payments/notify`,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  // the fake's notifications came over keep-alive connections: closed, so the server stops at once
  t?.app.server.closeAllConnections();
  await fake?.close();
  await t?.close();
});

describe('a purchase through PayU', () => {
  it('PayU page → signed notification over HTTP → active plan and an invoice; no sandbox pages', async () => {
    t.setNow(new Date().toISOString());
    const { tenantId, token } = await t.tenant();
    const started = await t.call(token, 'POST', '/api/v1/payments/initiate-payment', {
      tenantId,
      planId: 'basic',
      isForYear: true,
    });
    expect(started.statusCode, started.body).toBe(201);
    const { paymentId, redirectUri } = started.json() as { paymentId: string; redirectUri: string };
    expect(redirectUri.startsWith(fake.url)).toBe(true);

    const page = await (await fetch(redirectUri)).text();
    const complete = /action="(\/fake\/orders\/[^"]+\/complete)"/.exec(page)?.[1];
    expect(complete).toBeTruthy();
    expect((await fetch(new URL(complete!, redirectUri), { method: 'POST' })).status).toBe(200);

    await expect
      .poll(
        async () => (await t.call(token, 'GET', `/api/v1/payments/${paymentId}/get-order`)).json().status,
        {
          timeout: 10_000,
        },
      )
      .toBe('completed');
    expect(
      (await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`)).json(),
    ).toMatchObject({
      status: 'active',
      planId: 'basic',
      isForYear: true,
    });
    const invoices = (await t.call(token, 'GET', `/api/v1/invoices/all/${tenantId}`)).json().items;
    expect(invoices).toEqual([
      expect.objectContaining({ grossGrosze: 28800, netGrosze: 23415, vatGrosze: 5385 }),
    ]);
    expect((await t.app.inject('/api/v1/payments/sandbox/checkout/x')).statusCode).toBe(404);
    const add = await t.call(token, 'POST', '/api/v1/payment-methods/add', { tenantId });
    expect(add.statusCode).toBe(400);
    expect(add.json()).toMatchObject({ code: 'PAYMENT_METHOD.ADD_UNSUPPORTED' });
  });
});

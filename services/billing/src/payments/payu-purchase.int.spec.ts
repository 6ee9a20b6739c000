import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERIOD_END_JOB } from '../subscriptions/subscription-jobs';
import type { FakePayu } from '../testing/fake-payu';
import { PAYU_TEST_CARDS } from '../testing/fake-payu';
import type { BillingTestApp } from '../testing/billing-test-app';
import { startBillingOnFakePayu } from '../testing/billing-on-fake-payu';

/**
 * The billing service with PAYMENT_PROVIDER=payu against the local fake PayU (the real protocol): the owner's
 * payment is created at PayU, paid on PayU's page, and PayU's signed notification, POSTed over HTTP to the
 * billing service's notification route, activates the plan and issues the invoice.
 */
let fake: FakePayu;
let t: BillingTestApp;
let port: number;

let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, fake, port, close } = await startBillingOnFakePayu());
});
afterAll(async () => close?.());

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
    // with PayU a card is added through its card form (a TOK_ verified for 0 zł), never without it
    expect(add.statusCode).toBe(400);
    expect(add.json()).toMatchObject({
      code: 'PAYMENT_METHOD.CARD_FORM_REQUIRED',
      localizedMessage: expect.stringContaining('formularzu PayU'),
    });
  });
});

describe('a purchase with PayU’s card form (the card saved for renewals)', () => {
  const pollStatus = (token: string, paymentId: string) =>
    expect.poll(
      async () => (await t.call(token, 'GET', `/api/v1/payments/${paymentId}/get-order`)).json().status,
      { timeout: 10_000 },
    );
  /** the payer at PayU's 3-D Secure page, in a browser: the form post is sent back to our continueUrl */
  async function pass3ds(redirectUri: string, action: 'complete' | 'cancel' = 'complete') {
    const page = await (await fetch(redirectUri)).text();
    const path = new RegExp(`action="(/fake/orders/[^"]+/${action})"`).exec(page)![1]!;
    const res = await fetch(new URL(path, redirectUri), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    return res.headers.get('location')!;
  }
  /** the monthly basic plan bought with this card through 3-D Secure, completed */
  async function buyWithCard(token: string, tenantId: string, cardToken = fake.tokenizeCard()) {
    const res = await t.call(token, 'POST', '/api/v1/payments/initiate-payment', {
      tenantId,
      planId: 'basic',
      isForYear: false,
      cardToken,
    });
    expect(res.statusCode, res.body).toBe(201);
    const started = res.json() as { paymentId: string; redirectUri: string; amountGrosze: number };
    await pass3ds(started.redirectUri);
    await pollStatus(token, started.paymentId).toBe('completed');
    return started;
  }

  it('the plan list tells the SPA to use PayU’s SDK from the configured host', async () => {
    const res = await t.call(null, 'GET', '/api/v1/subscriptions/list-available-subscriptions');
    expect(res.json().cardForm).toEqual({
      provider: 'payu',
      payu: { sdkUrl: `${fake.url}/javascript/sdk`, posId: fake.posId },
    });
  });

  it('TOK_ → FIRST with 3-D Secure → TOKC_ saved → at the period’s end a STANDARD charge renews it, with an invoice', async () => {
    t.setNow(new Date().toISOString());
    const { tenantId, token } = await t.tenant();
    const cardToken = fake.tokenizeCard(); // what payu.tokenize('MULTI') gives the browser
    const started = await t.call(token, 'POST', '/api/v1/payments/initiate-payment', {
      tenantId,
      planId: 'basic',
      isForYear: false,
      cardToken,
    });
    expect(started.statusCode, started.body).toBe(201);
    const { paymentId, redirectUri } = started.json() as { paymentId: string; redirectUri: string };
    expect(redirectUri).toMatch(new RegExp(`^${fake.url}/fake/3ds/`));
    const first = fake.allOrders().find((o) => o.extOrderId === paymentId)!;
    expect(first).toMatchObject({ recurring: 'FIRST', totalAmount: '3000' });

    const back = await pass3ds(redirectUri);
    expect(back).toBe(`http://punkto.test/subskrypcja/sukces?paymentId=${paymentId}`);
    await pollStatus(token, paymentId).toBe('completed');
    const methods = (await t.call(token, 'GET', `/api/v1/payment-methods/${tenantId}`)).json().items;
    expect(methods).toEqual([
      expect.objectContaining({ maskedNumber: '444433******1111', brand: 'VISA', isDefault: true }),
    ]);
    expect(JSON.stringify(methods)).not.toContain('TOKC_');
    const sub = (await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`)).json();
    expect(sub).toMatchObject({ status: 'active', planId: 'basic', nextChargeGrosze: 3000 });

    // the period ends: billing charges the saved TOKC_ without the owner
    t.setNow(new Date(Date.parse(sub.periodEnd) + 60_000).toISOString());
    await t.runDueJobs();
    await fake.settled();
    const renewals = fake.allOrders().filter((o) => o.recurring === 'STANDARD');
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({
      status: 'COMPLETED',
      totalAmount: '3000',
      tokc: { value: first.tokc!.value },
    });
    await expect
      .poll(
        async () => (await t.call(token, 'GET', `/api/v1/invoices/all/${tenantId}`)).json().items.length,
        {
          timeout: 10_000,
        },
      )
      .toBe(2);
    const renewed = (await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`)).json();
    expect(renewed.status).toBe('active');
    expect(Date.parse(renewed.periodEnd)).toBeGreaterThan(Date.parse(sub.periodEnd));
    // the job running again for the same period charges nothing more
    await t.runDueJobs();
    await fake.settled();
    expect(fake.allOrders().filter((o) => o.recurring === 'STANDARD')).toHaveLength(1);
  });

  it('past due (the saved card declined): paying now with another card renews the period and saves that card', async () => {
    t.setNow(new Date().toISOString());
    const { tenantId, token } = await t.tenant();
    const buy = (cardToken: string) => buyWithCard(token, tenantId, cardToken);
    const first = await buy(fake.tokenizeCard());
    const firstTokc = fake.allOrders().find((o) => o.extOrderId === first.paymentId)!.tokc!.value;
    const paid = (await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`)).json();

    // the issuer declines the saved card at the renewal: past due
    fake.declineToken(firstTokc);
    t.setNow(new Date(Date.parse(paid.periodEnd) + 60_000).toISOString());
    await t.runDueJobs();
    await fake.settled();
    t.advanceDays(0.05); // the re-check an hour later books the decline
    await t.runDueJobs();
    await expect
      .poll(
        async () =>
          (await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`)).json().status,
      )
      .toBe('past_due');

    // the owner pays the overdue renewal now with another card (PayU's form)
    const now = await buy(fake.tokenizeCard({ number: '5555555555554444' }));
    expect(now.amountGrosze).toBe(3000);
    const renewed = (await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`)).json();
    expect(renewed).toMatchObject({ status: 'active', nextRetryAt: null });
    expect(Date.parse(renewed.periodEnd)).toBeGreaterThan(Date.parse(paid.periodEnd));
    const methods = (await t.call(token, 'GET', `/api/v1/payment-methods/${tenantId}`)).json().items;
    expect(methods.find((m: { isDefault: boolean }) => m.isDefault)).toMatchObject({
      maskedNumber: '555555******4444',
    });
    expect(await (await t.call(token, 'GET', `/api/v1/invoices/all/${tenantId}`)).json().items).toHaveLength(
      2,
    );
  });

  it('a renewal whose order never reached PayU (PayU down) is found by the sweep and sent again with the same id: one charge', async () => {
    t.setNow(new Date().toISOString());
    const { tenantId, token } = await t.tenant();
    await buyWithCard(token, tenantId);
    const sub = (await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`)).json();

    // the period ends while PayU is down: the renewal is recorded, its order is not created, the job fails
    fake.unavailableForOrders(1);
    t.setNow(new Date(Date.parse(sub.periodEnd) + 60_000).toISOString());
    await expect(t.runDueJobs()).rejects.toThrow(/PayU charge saved card failed: HTTP 503/);
    const ours = () =>
      fake.allOrders().filter((o) => o.recurring === 'STANDARD' && o.extOrderId.includes(tenantId));
    expect(ours()).toEqual([]);

    // the sweep comes round and finds the period-end job missing; too early to resend (the charge might still
    // be on its way), so it is looked at again later
    t.advanceDays(1 / 24);
    expect(await t.built.subscriptions.sweep()).toContain(tenantId);
    expect(await t.runDueJobs()).toContain(PERIOD_END_JOB);
    expect(ours()).toEqual([]);
    // two hours on, the renewal is sent again under the same payment id: PayU charges it once
    t.advanceDays(2 / 24);
    await t.runDueJobs();
    await fake.settled();
    expect(ours()).toHaveLength(1);
    expect(ours()[0]).toMatchObject({ status: 'COMPLETED', extOrderId: expect.stringMatching(/^renewal\./) });
    await expect
      .poll(async () => (await t.call(token, 'GET', `/api/v1/invoices/all/${tenantId}`)).json().items.length)
      .toBe(2);
    const renewed = (await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`)).json();
    expect(renewed.status).toBe('active');
    expect(Date.parse(renewed.periodEnd)).toBeGreaterThan(Date.parse(sub.periodEnd));
    t.advanceDays(3 / 24);
    await t.runDueJobs();
    await fake.settled();
    expect(ours()).toHaveLength(1);
  });

  it('a card declined after 3-D Secure is a failed payment, the card is not saved', async () => {
    t.setNow(new Date().toISOString());
    const { tenantId, token } = await t.tenant();
    const started = await t.call(token, 'POST', '/api/v1/payments/initiate-payment', {
      tenantId,
      planId: 'basic',
      isForYear: false,
      cardToken: fake.tokenizeCard({ number: PAYU_TEST_CARDS.declined }),
    });
    const { paymentId, redirectUri } = started.json() as { paymentId: string; redirectUri: string };
    await pass3ds(redirectUri);
    await pollStatus(token, paymentId).toBe('failed');
    expect((await t.call(token, 'GET', `/api/v1/payment-methods/${tenantId}`)).json().items).toEqual([]);
    expect(
      (await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`)).json().status,
    ).toBe('trialing');
  });

  it('a token PayU does not know (or a used one) is 400 PAYMENT.CARD_REFUSED in Polish; a malformed one 400', async () => {
    t.setNow(new Date().toISOString());
    const { tenantId, token } = await t.tenant();
    const pay = (cardToken: string) =>
      t.call(token, 'POST', '/api/v1/payments/initiate-payment', {
        tenantId,
        planId: 'basic',
        isForYear: false,
        cardToken,
      });
    const unknown = await pay('TOK_NOTISSUEDBYPAYU0001');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'PAYMENT.CARD_REFUSED',
      localizedMessage: expect.stringContaining('nie przyjął tej karty'),
    });
    const malformed = await pay('4444333322221111');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  describe('adding a card on the manage page (a 0 zł order with the TOK_, recurring FIRST)', () => {
    const cards = async (token: string, tenantId: string) =>
      (await t.call(token, 'GET', `/api/v1/payment-methods/${tenantId}`)).json().items as {
        id: string;
        maskedNumber: string;
        isDefault: boolean;
      }[];
    const addCard = async (token: string, tenantId: string, cardToken: string) => {
      const res = await t.call(token, 'POST', '/api/v1/payment-methods/add', { tenantId, cardToken });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { paymentId: string; redirectUri: string; amountGrosze: number };
    };

    it('3-D Secure → the TOKC_ saved (not the default while another card is), no payment, no invoice; a replayed notification saves one card; the added card can be made the default and pays the renewal', async () => {
      t.setNow(new Date().toISOString());
      const { tenantId, token } = await t.tenant();
      await buyWithCard(token, tenantId);
      const sub = (await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`)).json();

      const added = await addCard(token, tenantId, fake.tokenizeCard({ number: '5555555555554444' }));
      expect(added.amountGrosze).toBe(0);
      expect(added.redirectUri).toMatch(new RegExp(`^${fake.url}/fake/3ds/`));
      const order = fake.allOrders().find((o) => o.extOrderId === added.paymentId)!;
      expect(order).toMatchObject({
        totalAmount: '0',
        recurring: 'FIRST',
        buyer: { email: expect.stringContaining('@'), language: 'pl' },
      });
      const back = await pass3ds(added.redirectUri);
      expect(back).toBe(`http://punkto.test/subskrypcja/sukces?paymentId=${added.paymentId}`);
      await pollStatus(token, added.paymentId).toBe('completed');
      expect(
        (await t.call(token, 'GET', `/api/v1/payments/${added.paymentId}/get-order`)).json(),
      ).toMatchObject({ purpose: 'card_verification', amountGrosze: 0, planId: null, invoiceId: null });

      expect(await cards(token, tenantId)).toEqual([
        expect.objectContaining({ maskedNumber: '444433******1111', isDefault: true }),
        expect.objectContaining({ maskedNumber: '555555******4444', isDefault: false }),
      ]);
      // no payment for the subscription, no invoice
      expect(
        (await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`)).json(),
      ).toMatchObject({ status: 'active', periodEnd: sub.periodEnd, nextChargeGrosze: 3000 });
      expect((await t.built.subscriptions.get(tenantId))!.paymentIds).not.toContain(added.paymentId);
      expect((await t.call(token, 'GET', `/api/v1/invoices/all/${tenantId}`)).json().items).toHaveLength(1);

      // PayU resends the COMPLETED notification (or someone replays it): one card, nothing else
      await fake.settled();
      const completed = fake.deliveries.find(
        (d) => d.orderId === order.orderId && d.status === 'COMPLETED' && d.answered === 200,
      )!;
      for (let i = 0; i < 5; i++) {
        const replay = await fetch(`http://127.0.0.1:${port}/api/v1/payments/notify`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'openpayu-signature': completed.signatureHeader },
          body: completed.body,
        });
        expect(replay.status).toBe(200);
      }
      const after = await cards(token, tenantId);
      expect(after).toHaveLength(2);
      expect((await t.call(token, 'GET', `/api/v1/invoices/all/${tenantId}`)).json().items).toHaveLength(1);

      // the owner makes the added card the default: the renewal charges its TOKC_
      const added4444 = after.find((c) => c.maskedNumber === '555555******4444')!;
      const set = await t.call(token, 'PATCH', '/api/v1/payment-methods/set-default', {
        tenantId,
        paymentMethodId: added4444.id,
      });
      expect(set.statusCode, set.body).toBe(200);
      t.setNow(new Date(Date.parse(sub.periodEnd) + 60_000).toISOString());
      await t.runDueJobs();
      await fake.settled();
      const renewal = fake
        .allOrders()
        .filter((o) => o.recurring === 'STANDARD' && o.extOrderId.includes(tenantId));
      expect(renewal).toHaveLength(1);
      expect(renewal[0]).toMatchObject({
        status: 'COMPLETED',
        totalAmount: '3000',
        tokc: { value: order.tokc!.value },
      });
      await expect
        .poll(
          async () => (await t.call(token, 'GET', `/api/v1/invoices/all/${tenantId}`)).json().items.length,
        )
        .toBe(2);

      // removing a card keeps working
      const removed = await t.call(token, 'DELETE', '/api/v1/payment-methods/remove', {
        tenantId,
        paymentMethodId: added4444.id,
      });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json().items).toEqual([
        expect.objectContaining({ maskedNumber: '444433******1111', isDefault: true }),
      ]);
    });

    it('PayU’s notifications lost: the success page’s status check completes the verification and saves the card', async () => {
      t.setNow(new Date().toISOString());
      const { tenantId, token } = await t.tenant();
      fake.loseNotifications();
      try {
        const added = await addCard(token, tenantId, fake.tokenizeCard());
        await pass3ds(added.redirectUri);
        expect(
          fake.order(fake.allOrders().find((o) => o.extOrderId === added.paymentId)!.orderId),
        ).toMatchObject({ status: 'COMPLETED' });
        expect(fake.deliveries.filter((d) => d.body.includes(added.paymentId))).toEqual([]);
        await pollStatus(token, added.paymentId).toBe('completed');
      } finally {
        fake.loseNotifications(false);
      }
      expect(await cards(token, tenantId)).toEqual([
        expect.objectContaining({ maskedNumber: '444433******1111', isDefault: true }),
      ]);
      expect((await t.call(token, 'GET', `/api/v1/invoices/all/${tenantId}`)).json().items).toEqual([]);
    });

    it('the first card added during the trial becomes the default; the trial is untouched', async () => {
      t.setNow(new Date().toISOString());
      const { tenantId, token } = await t.tenant();
      const added = await addCard(token, tenantId, fake.tokenizeCard());
      await pass3ds(added.redirectUri);
      await pollStatus(token, added.paymentId).toBe('completed');
      expect(await cards(token, tenantId)).toEqual([
        expect.objectContaining({ maskedNumber: '444433******1111', isDefault: true }),
      ]);
      expect(
        (await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`)).json().status,
      ).toBe('trialing');
      expect((await t.call(token, 'GET', `/api/v1/invoices/all/${tenantId}`)).json().items).toEqual([]);
    });

    it('a card declined at 3-D Secure is not saved (failed verification); a refused token is 400 in Polish', async () => {
      t.setNow(new Date().toISOString());
      const { tenantId, token } = await t.tenant();
      const added = await addCard(token, tenantId, fake.tokenizeCard({ number: PAYU_TEST_CARDS.declined }));
      await pass3ds(added.redirectUri);
      await pollStatus(token, added.paymentId).toBe('failed');
      expect(await cards(token, tenantId)).toEqual([]);

      const cancelled = await addCard(token, tenantId, fake.tokenizeCard());
      expect(await pass3ds(cancelled.redirectUri, 'cancel')).toContain('error=501');
      await pollStatus(token, cancelled.paymentId).toBe('failed');
      expect(await cards(token, tenantId)).toEqual([]);

      const unknown = await t.call(token, 'POST', '/api/v1/payment-methods/add', {
        tenantId,
        cardToken: 'TOK_NOTISSUEDBYPAYU0001',
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({
        code: 'PAYMENT.CARD_REFUSED',
        localizedMessage: expect.stringContaining('nie przyjął tej karty'),
      });
      expect(
        (await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`)).json().status,
      ).toBe('trialing');
    });
  });
});

import { Roles } from '@punkto/contracts/permissions';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBilling, tokenFor, type BillingTestApp } from '../testing/billing-test-app';
import { extractPdfText } from '../testing/pdf-text';
import { SANDBOX_CARDS, SANDBOX_NOTIFY_JOB } from './sandbox-orders';

let t: BillingTestApp;
beforeAll(async () => {
  t = await startBilling();
});
afterAll(async () => t?.close());

async function initiate(token: string, tenantId: string, planId = 'extended', isForYear = true) {
  const res = await t.call(token, 'POST', '/api/v1/payments/initiate-payment', {
    tenantId,
    planId,
    isForYear,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { paymentId: string; amountGrosze: number; redirectUri: string };
}
const order = async (token: string, paymentId: string) =>
  (await t.call(token, 'GET', `/api/v1/payments/${paymentId}/get-order`)).json();
const invoicesOf = async (token: string, tenantId: string) =>
  (await t.call(token, 'GET', `/api/v1/invoices/all/${tenantId}`)).json().items as {
    number: string;
    grossGrosze: number;
    netGrosze: number;
    vatGrosze: number;
    paymentId: string;
  }[];

describe('plans', () => {
  it('are listed publicly with gross prices, yearly savings and limits', async () => {
    const res = await t.call(null, 'GET', '/api/v1/subscriptions/list-available-subscriptions');
    expect(res.statusCode).toBe(200);
    expect(res.json().plans).toEqual([
      expect.objectContaining({ id: 'trial', monthlyGrossPrice: 0, yearlyGrossPrice: 0 }),
      expect.objectContaining({
        id: 'basic',
        monthlyGrossPrice: 3000,
        yearlyGrossPrice: 28800,
        yearlySavingsGrosze: 7200,
        customerLimit: 100,
      }),
      expect.objectContaining({
        id: 'extended',
        monthlyGrossPrice: 4000,
        yearlyGrossPrice: 38400,
        yearlySavingsGrosze: 9600,
        customerLimit: 500,
      }),
    ]);
  });
});

describe('a full purchase in the sandbox', () => {
  it('trial → checkout → signed notification → active extended yearly, a VAT invoice, the card saved', async () => {
    t.setNow('2026-03-01T10:00:00.000Z');
    const { tenantId, token } = await t.tenant();
    const trial = await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`);
    expect(trial.json()).toMatchObject({
      status: 'trialing',
      planId: 'trial',
      trialDaysLeft: 14,
      writable: true,
      customerLimit: 500,
    });

    t.setNow('2026-03-05T10:00:00.000Z');
    const started = await initiate(token, tenantId);
    expect(started.amountGrosze).toBe(38400);
    expect(started.redirectUri).toMatch(/^http:\/\/punkto.test\/api\/v1\/payments\/sandbox\/checkout\/SBX/);
    const page = await t.app.inject(started.redirectUri);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Zapłać 384,00');
    expect(page.body).toContain('Środowisko testowe');

    // nothing paid yet: the success page would show "pending", never success
    expect(await order(token, started.paymentId)).toMatchObject({ status: 'pending', invoiceId: null });
    const paid = await t.payInCheckout(started.redirectUri, SANDBOX_CARDS.success);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `http://punkto.test/subskrypcja/sukces?paymentId=${started.paymentId}`,
    );

    expect(await t.runDueJobs()).toContain(SANDBOX_NOTIFY_JOB);
    expect(await order(token, started.paymentId)).toMatchObject({
      status: 'completed',
      amountGrosze: 38400,
      invoiceId: expect.any(String),
    });
    const sub = (await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`)).json();
    expect(sub).toMatchObject({
      status: 'active',
      planId: 'extended',
      isForYear: true,
      // the unused trial days are kept: 15 March + 1 year
      periodEnd: '2027-03-15T10:00:00.000Z',
      nextChargeGrosze: 38400,
      trialDaysLeft: 0,
    });
    const [invoice, ...more] = await invoicesOf(token, tenantId);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({
      grossGrosze: 38400,
      netGrosze: 31220,
      vatGrosze: 7180,
      paymentId: started.paymentId,
    });
    // the company's own series, its first invoice (issue 36)
    expect(invoice!.number).toMatch(/^FV\/[BCDFGHJKLMNPQRSTVWXZ]{6}\/2026\/0001$/);
    const { invoiceId } = await order(token, started.paymentId);
    const pdf = await t.call(token, 'GET', `/api/v1/invoices/${tenantId}/${invoiceId}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(
      `Faktura-${invoice!.number.replace(/\//g, '-')}.pdf`,
    );
    const { text } = await extractPdfText(new Uint8Array(pdf.rawPayload));
    for (const expected of [
      invoice!.number,
      '312,20',
      '71,80',
      '384,00',
      '1234563218',
      '5260001246',
      'Rozszerzony',
    ])
      expect(text).toContain(expected);
    const xml = await t.call(token, 'GET', `/api/v1/invoices/${tenantId}/${invoiceId}/ksef-xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain('http://crd.gov.pl/wzor/2025/06/25/13775/');
    expect(xml.body).toContain(invoice!.number);
    const other = await t.tenant();
    expect(
      (await t.call(other.token, 'GET', `/api/v1/invoices/${tenantId}/${invoiceId}/pdf`)).statusCode,
    ).toBe(403);
    expect((await t.call(token, 'GET', `/api/v1/invoices/${tenantId}/nie-ma/pdf`)).statusCode).toBe(404);
    const methods = (await t.call(token, 'GET', `/api/v1/payment-methods/${tenantId}`)).json();
    expect(methods.items).toEqual([
      expect.objectContaining({ maskedNumber: '444433******1111', isDefault: true }),
    ]);
    const def = (await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-payment-method`)).json();
    expect(def.paymentMethod).toMatchObject({ maskedNumber: '444433******1111' });
    expect((await t.sentMails()).map((m) => m.subject)).toContain('Otrzymaliśmy płatność za Punkto');
  });

  it('a notification replayed 5 times books one payment and one invoice', async () => {
    const { tenantId, token } = await t.tenant();
    const started = await initiate(token, tenantId, 'basic', false);
    await t.payInCheckout(started.redirectUri, SANDBOX_CARDS.success);
    await t.runDueJobs();
    const sent = t.notifications.find((n) => n.body.includes(started.paymentId))!;
    const before = (await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`)).json();
    const replays = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/payments/notify',
          payload: sent.body,
          headers: sent.headers,
        }),
      ),
    );
    expect(replays.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await invoicesOf(token, tenantId)).toHaveLength(1);
    const after = (await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`)).json();
    expect(after.periodEnd).toBe(before.periodEnd);
    const events = await t.infra.eventStore.readStream(`payment-${started.paymentId}`);
    expect(events.filter((e) => e.type === 'PaymentCompleted')).toHaveLength(1);
  });

  it('a forged signature and a wrong amount are refused and book nothing', async () => {
    const { tenantId, token } = await t.tenant();
    const started = await initiate(token, tenantId, 'basic', true);
    const checkoutId = started.redirectUri.split('/').at(-1)!;
    const body = (amount: number) =>
      JSON.stringify({
        order: {
          orderId: checkoutId,
          extOrderId: started.paymentId,
          totalAmount: String(amount),
          currencyCode: 'PLN',
          status: 'COMPLETED',
        },
      });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/notify',
      payload: body(28800),
      headers: {
        'content-type': 'application/json',
        'openpayu-signature': `sender=sandbox;signature=${'ab'.repeat(32)};algorithm=HMAC-SHA256;content=DOCUMENT`,
      },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'PAYMENT.NOTIFICATION_REJECTED' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/notify',
      payload: body(28800),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);

    // correctly signed (the install's secret) but for 1 grosz: the amount is checked against the order
    const cheap = body(1);
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/notify',
      payload: cheap,
      headers: {
        'content-type': 'application/json',
        'openpayu-signature': `sender=sandbox;signature=${t.built.sandbox.signBody(cheap)};algorithm=HMAC-SHA256;content=DOCUMENT`,
      },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ code: 'PAYMENT.AMOUNT_MISMATCH' });
    expect(await order(token, started.paymentId)).toMatchObject({ status: 'pending' });
    expect(await invoicesOf(token, tenantId)).toEqual([]);
    expect(
      (await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`)).json().status,
    ).toBe('trialing');
  });

  it('a declined card leaves the payment failed and the trial as it was; 3-D Secure asks first', async () => {
    const { tenantId, token } = await t.tenant();
    const declined = await initiate(token, tenantId, 'basic', false);
    const res = await t.payInCheckout(declined.redirectUri, SANDBOX_CARDS.declined);
    expect(res.headers.location).toContain('error=501');
    await t.runDueJobs();
    expect(await order(token, declined.paymentId)).toMatchObject({ status: 'failed' });

    const secure = await initiate(token, tenantId, 'basic', false);
    const challenge = await t.payInCheckout(secure.redirectUri, SANDBOX_CARDS.threeDSecure);
    expect(challenge.statusCode).toBe(200);
    expect(challenge.body).toContain('Potwierdź płatność w banku');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `${secure.redirectUri}/3ds`,
      payload: 'decision=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(confirmed.statusCode).toBe(303);
    await t.runDueJobs();
    expect(await order(token, secure.paymentId)).toMatchObject({ status: 'completed' });
  });

  it('bad card input is answered on the form in Polish', async () => {
    const { tenantId, token } = await t.tenant();
    const started = await initiate(token, tenantId, 'basic', false);
    const res = await t.payInCheckout(started.redirectUri, '1234');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Numer karty musi mieć 16 cyfr.');
  });
});

describe('invoice numbers: a series per company and year (issue 36, ADR 0026)', () => {
  const seriesOf = (number: string) => number.split('/')[1];
  const sequenceOf = (number: string) => Number(number.split('/')[3]);
  /**
   * `count` card payments of one company paid in the checkout, each completed when its returned function runs
   * (the provider's notification): paid in the trial, as a company paying again after one completed payment has
   * nothing to pay. A company cannot have many plan-change orders paid at once (one open order per company, and
   * a superseded one is cancelled at the provider, ADR 0039/0055): to put many invoices of one company in the
   * race, each order's slot is emptied by hand once the payer has paid it, as its booking would free it.
   */
  async function payments(x: { token: string; tenantId: string }, count: number) {
    const complete: Array<() => Promise<void>> = [];
    const slots = t.infra.documents.collection('open_orders');
    for (let i = 0; i < count; i++) {
      const known = new Set(t.pendingJobs().map((j) => j.id));
      const s = await initiate(x.token, x.tenantId, 'basic', false);
      await t.payInCheckout(s.redirectUri, SANDBOX_CARDS.success);
      await slots.delete(x.tenantId);
      const job = t.pendingJobs().find((j) => j.type === SANDBOX_NOTIFY_JOB && !known.has(j.id))!;
      complete.push(() => t.built.jobs[SANDBOX_NOTIFY_JOB]!(job, { attempt: 1 }));
    }
    return complete;
  }

  it('gives two companies number 1 each, in series of their own: neither number tells how many the other has', async () => {
    const a = await t.tenant();
    const b = await t.tenant();
    const [aFirst, aSecond] = await payments(a, 2);
    const [bFirst] = await payments(b, 1);
    await aFirst!();
    await bFirst!();
    await aSecond!();
    const [a2, a1] = (await invoicesOf(a.token, a.tenantId)).map((i) => i.number);
    const [b1, ...bMore] = (await invoicesOf(b.token, b.tenantId)).map((i) => i.number);
    expect(bMore).toEqual([]);
    expect([sequenceOf(a1!), sequenceOf(a2!), sequenceOf(b1!)]).toEqual([1, 2, 1]);
    expect(a1).toMatch(/^FV\/[BCDFGHJKLMNPQRSTVWXZ]{6}\/2026\/0001$/);
    expect(seriesOf(a2!)).toBe(seriesOf(a1!));
    expect(seriesOf(b1!)).not.toBe(seriesOf(a1!));
  });

  it('100 payments of one company completed at once get 100 consecutive numbers of its series, no gaps', async () => {
    const x = await t.tenant();
    const complete = await payments(x, 100);
    await Promise.all(complete.map((run) => run()));
    const invoices = await invoicesOf(x.token, x.tenantId);
    expect(new Set(invoices.map((i) => seriesOf(i.number))).size).toBe(1);
    expect(invoices.map((i) => sequenceOf(i.number)).sort((p, q) => p - q)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
  }, 120_000);

  it('goes on without a gap after a crash left the series counter behind its last invoice', async () => {
    const x = await t.tenant();
    const [first, second, third] = await payments(x, 3);
    await first!();
    await second!();
    const [last] = await invoicesOf(x.token, x.tenantId);
    const counters = t.infra.documents.collection<{ _id: string; last: number }>('invoice_counters');
    const key = `${seriesOf(last!.number)}/2026`;
    const counter = await counters.get(key);
    expect(counter?.last).toBe(2);
    await counters.update({ _id: key, last: 1 }, { expectedRevision: counter!._rev }); // as if it never moved
    await third!();
    expect((await invoicesOf(x.token, x.tenantId)).map((i) => sequenceOf(i.number))).toEqual([3, 2, 1]);
  });

  it('keeps the numbers of invoices issued in the old global series; the company’s next one starts its own', async () => {
    const x = await t.tenant();
    const [first, second] = await payments(x, 2);
    await first!();
    const stored = t.infra.documents.collection<{
      _id: string;
      id: string;
      number: string;
      paymentId: string;
    }>('invoices');
    const [one] = await stored.find({ tenantId: x.tenantId });
    // an invoice as the global series numbered it before issue 36
    const { _rev, ...copy } = one!;
    void _rev;
    await stored.insert({
      ...copy,
      _id: '2026/000041',
      id: randomUUID(),
      number: 'FV/2026/000041',
      paymentId: randomUUID(),
    });
    await second!();
    const numbers = (await invoicesOf(x.token, x.tenantId)).map((i) => i.number);
    expect(numbers).toEqual([`FV/${seriesOf(one!.number)}/2026/0002`, one!.number, 'FV/2026/000041']);
  });
});

describe('another company', () => {
  it('cannot read or change this company’s billing (403/404 in the spec’s shape)', async () => {
    const a = await t.tenant();
    const b = await t.tenant();
    const started = await initiate(a.token, a.tenantId, 'basic', false);
    const employee = await tokenFor(randomUUID(), Roles.employee, { tid: a.tenantId, perms: [] });
    const probes: [string, 'GET' | 'POST' | 'DELETE' | 'PATCH', string, object?][] = [
      ['subscription', 'GET', `/api/v1/tenants/${a.tenantId}/tenant-subscription`],
      [
        'change',
        'POST',
        `/api/v1/subscriptions/change-plan?tenantId=${a.tenantId}&newSubscriptionPlanId=basic&isForYear=true`,
      ],
      ['cancel', 'POST', `/api/v1/subscriptions/cancel?tenantId=${a.tenantId}`],
      [
        'pay',
        'POST',
        '/api/v1/payments/initiate-payment',
        { tenantId: a.tenantId, planId: 'basic', isForYear: false },
      ],
      ['order', 'GET', `/api/v1/payments/${started.paymentId}/get-order`],
      ['methods', 'GET', `/api/v1/payment-methods/${a.tenantId}`],
      ['default', 'GET', `/api/v1/tenants/${a.tenantId}/tenant-payment-method`],
      ['add', 'POST', '/api/v1/payment-methods/add', { tenantId: a.tenantId }],
      ['remove', 'DELETE', '/api/v1/payment-methods/remove', { tenantId: a.tenantId, paymentMethodId: 'x' }],
      [
        'default',
        'PATCH',
        '/api/v1/payment-methods/set-default',
        { tenantId: a.tenantId, paymentMethodId: 'x' },
      ],
      ['invoices', 'GET', `/api/v1/invoices/all/${a.tenantId}`],
    ];
    for (const [name, method, url, body] of probes) {
      const res = await t.call(b.token, method, url, body);
      expect([403, 404], `${name} as tenant B: ${res.statusCode}`).toContain(res.statusCode);
      expect(res.json()).toMatchObject({ code: expect.any(String), localizedMessage: expect.any(String) });
      if (name !== 'subscription') {
        const byEmployee = await t.call(employee, method, url, body);
        expect([403, 404], `${name} as a permission-less employee`).toContain(byEmployee.statusCode);
      }
    }
  });
});

describe('one open order per plan change (issue 32: two upgrade orders were both charged)', () => {
  const start = (token: string, tenantId: string, planId: string, isForYear: boolean) =>
    t.call(token, 'POST', '/api/v1/payments/initiate-payment', { tenantId, planId, isForYear });

  it('the same change asked twice at once is one order, one charge, one invoice; another change waits for it', async () => {
    t.setNow('2026-06-01T10:00:00.000Z');
    const { tenantId, token } = await t.tenant();
    const [a, b] = await Promise.all([
      start(token, tenantId, 'basic', false),
      start(token, tenantId, 'basic', false),
    ]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([201, 201]);
    expect(b.json()).toEqual(a.json()); // the same payment and the same checkout page
    const started = a.json() as { paymentId: string; redirectUri: string };

    // a different plan while that order is open: refused in Polish, nothing started
    const other = await start(token, tenantId, 'extended', true);
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json()).toMatchObject({
      code: 'PAYMENT.IN_PROGRESS',
      localizedMessage: expect.stringContaining('nie zapłacisz dwa razy'),
    });

    await t.payInCheckout(started.redirectUri, SANDBOX_CARDS.success);
    await t.runDueJobs();
    expect(await order(token, started.paymentId)).toMatchObject({ status: 'completed' });
    expect((await invoicesOf(token, tenantId)).map((i) => i.paymentId)).toEqual([started.paymentId]);

    // paid: the slot is free, the next change is a new order
    const upgrade = await start(token, tenantId, 'extended', true);
    expect(upgrade.statusCode, upgrade.body).toBe(201);
    expect(upgrade.json().paymentId).not.toBe(started.paymentId);
  });

  it('ten parallel upgrade orders of an active plan start one checkout', async () => {
    t.setNow('2026-06-01T10:00:00.000Z');
    const { tenantId, token } = await t.tenant();
    const bought = await initiate(token, tenantId, 'basic', false);
    await t.payInCheckout(bought.redirectUri, SANDBOX_CARDS.success);
    await t.runDueJobs();
    t.setNow('2026-06-20T10:00:00.000Z');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => start(token, tenantId, 'extended', false)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((r) => r.json().paymentId)).size).toBe(1);
  });

  it('an upgrade in the trial keeps the trial: the paid period still starts and renews at its end (issue 32)', async () => {
    t.setNow('2026-03-01T10:00:00.000Z');
    const { tenantId, token } = await t.tenant(); // trial until 15 March
    t.setNow('2026-03-05T10:00:00.000Z');
    const bought = await initiate(token, tenantId, 'basic', false);
    await t.payInCheckout(bought.redirectUri, SANDBOX_CARDS.success);
    await t.runDueJobs();
    const subscription = async () =>
      (await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`)).json();
    expect(await subscription()).toMatchObject({ planId: 'basic', periodEnd: '2026-04-15T10:00:00.000Z' });

    t.setNow('2026-03-10T10:00:00.000Z');
    const upgrade = await initiate(token, tenantId, 'extended', false);
    expect(upgrade.amountGrosze).toBe(1000); // the difference of the prices: nothing of the paid month used yet
    await t.payInCheckout(upgrade.redirectUri, SANDBOX_CARDS.success);
    await t.runDueJobs();
    expect(await subscription()).toMatchObject({
      status: 'active',
      planId: 'extended',
      periodEnd: '2026-04-15T10:00:00.000Z', // not 10 April: the next payment does not move
    });
  });

  it('an abandoned checkout holds the slot for 30 minutes, a failed one not at all', async () => {
    t.setNow('2026-06-01T10:00:00.000Z');
    const { tenantId, token } = await t.tenant();
    const declined = await initiate(token, tenantId, 'basic', false);
    await t.payInCheckout(declined.redirectUri, SANDBOX_CARDS.declined);
    await t.runDueJobs();
    const abandoned = await start(token, tenantId, 'extended', false);
    expect(abandoned.statusCode, abandoned.body).toBe(201); // the failed order freed it
    t.setNow('2026-06-01T10:29:00.000Z');
    expect((await start(token, tenantId, 'basic', true)).statusCode).toBe(409);
    t.setNow('2026-06-01T10:31:00.000Z');
    const later = await start(token, tenantId, 'basic', true);
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json().paymentId).not.toBe(abandoned.json().paymentId);

    // the superseded checkout was cancelled at the provider first (ADR 0055): its late payer is refused
    const latePayer = await t.payInCheckout(abandoned.json().redirectUri, SANDBOX_CARDS.success);
    expect(latePayer.statusCode).toBe(409);
    expect(latePayer.body).toContain('To zamówienie zostało anulowane');
    await t.runDueJobs();
    expect(await order(token, abandoned.json().paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'superseded',
    });
    expect(await invoicesOf(token, tenantId)).toEqual([]);
  });
});

describe('a lost notification', () => {
  it('is made up for by asking the provider when the success page polls the order', async () => {
    const { tenantId, token } = await t.tenant();
    const started = await initiate(token, tenantId, 'basic', false);
    await t.payInCheckout(started.redirectUri, SANDBOX_CARDS.success);
    // the notification job has not run (lost): get-order reconciles with the provider's view
    expect(await order(token, started.paymentId)).toMatchObject({
      status: 'completed',
      invoiceId: expect.any(String),
    });
    await t.runDueJobs(); // the late notification changes nothing
    expect(await invoicesOf(token, tenantId)).toHaveLength(1);
  });
});

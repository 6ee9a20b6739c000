import { Topics } from '@punkto/contracts/topics';
import { Roles } from '@punkto/contracts/permissions';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '../payments/sandbox-orders';
import { startBilling, tokenFor, type BillingTestApp } from '../testing/billing-test-app';
import { extractPdfText } from '../testing/pdf-text';
import { PERIOD_END_JOB } from './subscription-jobs';

/** ADR 0047: closing a company (TenantDeleted) closes its billing at once, and for good. */
let t: BillingTestApp;
beforeAll(async () => {
  t = await startBilling();
});
afterAll(async () => t?.close());

/** the basic plan's checkout started (its order open at the provider) */
async function startPurchase(token: string, tenantId: string) {
  const res = await t.call(token, 'POST', '/api/v1/payments/initiate-payment', {
    tenantId,
    planId: 'basic',
    isForYear: false,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { paymentId: string; redirectUri: string };
}
async function buy(token: string, tenantId: string) {
  const started = await startPurchase(token, tenantId);
  await t.payInCheckout(started.redirectUri, SANDBOX_CARDS.success);
  await t.runDueJobs();
}
const paymentsOf = (tenantId: string) =>
  t.infra.documents.collection<{ _id: string }>('payments').find({ 'order.tenantId': tenantId });
const savedTokensOf = async (tenantId: string) =>
  (
    (
      await t.infra.documents
        .collection<{ _id: string; cards: { token: string }[] }>('payment_methods')
        .get(tenantId)
    )?.cards ?? []
  ).map((c) => c.token);
const jobsOf = (tenantId: string) => t.pendingJobs().filter((j) => j.id.endsWith(`:${tenantId}`));
const closeCompany = (tenantId: string, ownerId: string) =>
  t.deliver(Topics.tenantTenants, 'TenantDeleted', { tenantId, ownerId, deletedAt: t.now().toISOString() });

describe('closing a company with an active paid plan', () => {
  it('cancels the subscription at once, leaves no renewal job, deletes the saved card and never charges again', async () => {
    t.setNow('2026-06-01T10:00:00.000Z');
    const { tenantId, ownerId, token } = await t.tenant();
    t.setNow('2026-06-20T10:00:00.000Z'); // after the trial
    await t.runDueJobs();
    await buy(token, tenantId);
    const [cardToken] = await savedTokensOf(tenantId);
    expect(cardToken).toBeTruthy();
    expect(jobsOf(tenantId).map((j) => j.id)).toEqual([`period-end:${tenantId}`]);
    expect(await paymentsOf(tenantId)).toHaveLength(1);

    t.setNow('2026-06-25T09:00:00.000Z');
    await closeCompany(tenantId, ownerId);

    const events = await t.infra.eventStore.readStream(`subscription-${tenantId}`);
    expect(events.at(-1)).toMatchObject({
      type: 'SubscriptionCancelled',
      data: { reason: 'company_closed', entitlement: { status: 'cancelled', writable: false } },
    });
    expect(jobsOf(tenantId)).toEqual([]);
    expect(await savedTokensOf(tenantId)).toEqual([]);
    expect(await t.infra.documents.collection('sandbox_cards').get(cardToken!)).toBeNull();

    // the period's end passes: nothing runs for this company, nothing is charged
    t.setNow('2026-07-20T10:00:00.000Z');
    await t.runDueJobs();
    expect(await paymentsOf(tenantId)).toHaveLength(1);

    // a period-end job left behind (another replica's, a lost cancel) runs anyway: the renewal is refused
    await t.infra.scheduler.schedule({
      id: `period-end:${tenantId}`,
      type: PERIOD_END_JOB,
      runAt: t.now(),
      payload: { tenantId },
    });
    expect(await t.runDueJobs()).toContain(PERIOD_END_JOB);
    expect(await t.built.payments.chargeRenewal(tenantId)).toBe('skipped');
    expect(await paymentsOf(tenantId)).toHaveLength(1);

    // the owner's (still valid) token cannot buy or change a plan for the closed company
    const again = await t.call(token, 'POST', '/api/v1/payments/initiate-payment', {
      tenantId,
      planId: 'basic',
      isForYear: false,
    });
    expect(again.statusCode).toBe(404);
    expect(await paymentsOf(tenantId)).toHaveLength(1);
  });

  it('a redelivered TenantDeleted changes nothing (one cancellation, no error)', async () => {
    t.setNow('2026-08-01T10:00:00.000Z');
    const { tenantId, ownerId } = await t.tenant();
    await closeCompany(tenantId, ownerId);
    await closeCompany(tenantId, ownerId);
    const events = await t.infra.eventStore.readStream(`subscription-${tenantId}`);
    expect(events.map((e) => e.type)).toEqual(['TrialStarted', 'SubscriptionCancelled']);
    expect(jobsOf(tenantId)).toEqual([]);
  });

  it('a company closed in its trial gets no trial reminders and no lapse e-mail', async () => {
    t.setNow('2026-09-01T10:00:00.000Z');
    const { tenantId, ownerId } = await t.tenant();
    await closeCompany(tenantId, ownerId);
    t.setNow('2026-09-20T10:00:00.000Z');
    await t.runDueJobs();
    const to = `wlasciciel-${tenantId.slice(0, 6)}@example.pl`;
    expect((await t.sentMails()).filter((m) => m.to === to)).toEqual([]);
  });
});

describe('an order left open when the company is closed (ADR 0055)', () => {
  it('is cancelled at the provider by the closure: the payer can no longer pay it, nothing is charged or invoiced', async () => {
    t.setNow('2026-09-05T10:00:00.000Z');
    const { tenantId, ownerId, token } = await t.tenant();
    const started = await startPurchase(token, tenantId);
    await closeCompany(tenantId, ownerId);
    const order = await t.infra.documents
      .collection<{ _id: string; status: string }>('sandbox_orders')
      .find({ paymentId: started.paymentId });
    expect(order.map((o) => o.status)).toEqual(['CANCELED']);
    expect(await t.built.payments.find(started.paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'company_closed',
    });

    const late = await t.payInCheckout(started.redirectUri, SANDBOX_CARDS.success);
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('To zamówienie zostało anulowane');
    await t.runDueJobs();
    expect(await t.built.payments.find(started.paymentId)).toMatchObject({ status: 'failed' });
    expect(await t.built.invoices.byPayment(started.paymentId)).toBeNull();
    // a redelivered closure cancels nothing twice and fails nothing
    await closeCompany(tenantId, ownerId);
    const after = await t.infra.documents
      .collection<{ _id: string; status: string }>('sandbox_orders')
      .find({ paymentId: started.paymentId });
    expect(after.map((o) => o.status)).toEqual(['CANCELED']);
    expect(await t.built.payments.find(started.paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'company_closed',
    });
  });
});

describe('a payment the provider completed before the closure could cancel it', () => {
  it('is invoiced (money was taken) but buys no period, and its card is not kept', async () => {
    t.setNow('2026-09-10T10:00:00.000Z');
    const { tenantId, ownerId, token } = await t.tenant();
    const started = await startPurchase(token, tenantId);
    // paid at the provider in the same minute as the closure: its notification has not come yet
    await t.payInCheckout(started.redirectUri, SANDBOX_CARDS.success);
    await closeCompany(tenantId, ownerId);
    expect(await t.built.payments.find(started.paymentId)).toMatchObject({ status: 'pending' });
    await t.runDueJobs();

    const events = await t.infra.eventStore.readStream(`subscription-${tenantId}`);
    expect(events.map((e) => e.type)).toEqual(['TrialStarted', 'SubscriptionCancelled']);
    expect(jobsOf(tenantId)).toEqual([]);
    expect(await savedTokensOf(tenantId)).toEqual([]);
    const payment = await t.built.payments.find(started.paymentId);
    expect(payment).toMatchObject({ status: 'completed' });
    const cardToken = payment!.completed!.savedCard!.token;
    expect(await t.infra.documents.collection('sandbox_cards').get(cardToken)).toBeNull();
    const formerOwner = await tokenFor(ownerId, Roles.owner);
    const listed = (await t.call(formerOwner, 'GET', '/api/v1/invoices/former-companies')).json();
    expect(listed.items[0].invoices).toHaveLength(1);
  });
});

describe('the former owner keeps the closed company’s invoices for 5 years from the end of their year', () => {
  it('lists and downloads them without the company in the token; nobody else can; they go after the retention period', async () => {
    t.setNow('2026-10-01T10:00:00.000Z');
    const { tenantId, ownerId, token } = await t.tenant({ companyName: 'Kawiarnia Zamknięta' });
    await buy(token, tenantId);
    const [invoice] = (await t.call(token, 'GET', `/api/v1/invoices/all/${tenantId}`)).json().items;
    expect(invoice).toBeTruthy();
    await closeCompany(tenantId, ownerId);

    // identity has dropped the company from the owner's token
    const formerOwner = await tokenFor(ownerId, Roles.owner, { email: 'wlasciciel@example.pl' });
    const listed = await t.call(formerOwner, 'GET', '/api/v1/invoices/former-companies');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      items: [
        {
          tenantId,
          companyName: 'Kawiarnia Zamknięta',
          nip: '1234563218',
          closedAt: '2026-10-01T10:00:00.000Z',
          invoices: [{ ...invoice, keptUntil: '2031-12-31' }],
        },
      ],
    });
    const pdfUrl = `/api/v1/invoices/former-companies/${tenantId}/${invoice.id}/pdf`;
    const pdf = await t.call(formerOwner, 'GET', pdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await extractPdfText(pdf.rawPayload)).text).toContain(invoice.number);

    // someone else — another owner, a customer — sees nothing and gets 404 for the PDF
    for (const other of [
      await tokenFor(randomUUID(), Roles.owner, { tid: randomUUID() }),
      await tokenFor(randomUUID(), Roles.customer),
    ]) {
      expect((await t.call(other, 'GET', '/api/v1/invoices/former-companies')).json()).toEqual({ items: [] });
      const refused = await t.call(other, 'GET', pdfUrl);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'INVOICE.NOT_FOUND' });
    }
    // not signed in: 401
    expect((await t.call(null, 'GET', '/api/v1/invoices/former-companies')).statusCode).toBe(401);

    // the last day of the 5th year after 2026 it is still there; the next day it is gone
    t.setNow('2031-12-31T21:00:00.000Z'); // 22:00 in Warsaw
    expect((await t.call(formerOwner, 'GET', pdfUrl)).statusCode).toBe(200);
    t.setNow('2031-12-31T23:30:00.000Z'); // 1 January 2032 in Warsaw
    expect((await t.call(formerOwner, 'GET', '/api/v1/invoices/former-companies')).json()).toEqual({
      items: [],
    });
    expect((await t.call(formerOwner, 'GET', pdfUrl)).statusCode).toBe(404);
  });
});

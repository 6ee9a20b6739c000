import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Topics } from '@punkto/contracts/topics';
import { randomUUID } from 'node:crypto';
import { SANDBOX_CARDS } from '../payments/sandbox-orders';
import { startBilling, type BillingTestApp } from '../testing/billing-test-app';

let t: BillingTestApp;
beforeAll(async () => {
  t = await startBilling();
});
afterAll(async () => t?.close());

const subscription = async (token: string, tenantId: string) =>
  (await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`)).json();

async function buy(token: string, tenantId: string, card: string, planId = 'basic', isForYear = false) {
  const started = (
    await t.call(token, 'POST', '/api/v1/payments/initiate-payment', { tenantId, planId, isForYear })
  ).json();
  await t.payInCheckout(started.redirectUri, card);
  await t.runDueJobs();
  return started.paymentId as string;
}
const subjects = async (to?: string) =>
  (await t.sentMails()).filter((m) => !to || m.to === to).map((m) => m.subject);

describe('the trial', () => {
  it('e-mails 3 days and 1 day before its end, then lapses into read-only after 14 days', async () => {
    t.setNow('2026-05-01T08:00:00.000Z');
    const { tenantId, token } = await t.tenant();
    const to = `wlasciciel-${tenantId.slice(0, 6)}@example.pl`;
    t.setNow('2026-05-12T08:00:00.000Z');
    await t.runDueJobs();
    expect(await subjects(to)).toEqual(['Za 3 dni kończy się okres próbny Punkto']);
    expect(await subscription(token, tenantId)).toMatchObject({ status: 'trialing', trialDaysLeft: 3 });
    t.setNow('2026-05-14T08:00:00.000Z');
    await t.runDueJobs();
    expect(await subjects(to)).toContain('Jutro kończy się okres próbny Punkto');
    t.setNow('2026-05-15T08:00:00.000Z');
    await t.runDueJobs();
    expect(await subscription(token, tenantId)).toMatchObject({
      status: 'lapsed',
      writable: false,
      trialDaysLeft: 0,
    });
    expect(await subjects(to)).toContain('Okres próbny Punkto się zakończył');
    const events = await t.infra.eventStore.readStream(`subscription-${tenantId}`);
    expect(events.map((e) => e.type)).toEqual(['TrialStarted', 'SubscriptionLapsed']);

    // paying again restores everything
    await buy(token, tenantId, SANDBOX_CARDS.success);
    expect(await subscription(token, tenantId)).toMatchObject({
      status: 'active',
      writable: true,
      planId: 'basic',
    });
  });
});

describe('renewals', () => {
  it('the saved card is charged at the period end: a new period and a second invoice', async () => {
    t.setNow('2026-06-01T10:00:00.000Z');
    const { tenantId, token } = await t.tenant();
    t.setNow('2026-06-20T10:00:00.000Z'); // after the trial
    await t.runDueJobs();
    await buy(token, tenantId, SANDBOX_CARDS.success);
    expect(await subscription(token, tenantId)).toMatchObject({
      status: 'active',
      periodEnd: '2026-07-20T10:00:00.000Z',
    });
    t.setNow('2026-07-20T10:00:00.000Z');
    await t.runDueJobs();
    expect(await subscription(token, tenantId)).toMatchObject({
      status: 'active',
      periodEnd: '2026-08-20T10:00:00.000Z',
    });
    const invoices = (await t.call(token, 'GET', `/api/v1/invoices/all/${tenantId}`)).json().items;
    expect(invoices).toHaveLength(2);
    expect(invoices.map((i: { grossGrosze: number }) => i.grossGrosze)).toEqual([3000, 3000]);
  });

  it('a declined card: past_due with an e-mail per attempt, retries after 1, 3 and 7 days, then lapse', async () => {
    t.setNow('2026-06-01T10:00:00.000Z');
    const { tenantId, token } = await t.tenant();
    const to = `wlasciciel-${tenantId.slice(0, 6)}@example.pl`;
    t.setNow('2026-06-20T10:00:00.000Z');
    await t.runDueJobs();
    await buy(token, tenantId, SANDBOX_CARDS.renewalsDeclined);
    t.setNow('2026-07-20T10:00:00.000Z');
    await t.runDueJobs();
    expect(await subscription(token, tenantId)).toMatchObject({
      status: 'past_due',
      writable: true,
      nextRetryAt: '2026-07-21T10:00:00.000Z',
    });
    for (const day of ['2026-07-21', '2026-07-23']) {
      t.setNow(`${day}T10:00:00.000Z`);
      await t.runDueJobs();
      expect((await subscription(token, tenantId)).status).toBe('past_due');
    }
    expect((await subscription(token, tenantId)).nextRetryAt).toBe('2026-07-27T10:00:00.000Z');
    t.setNow('2026-07-27T10:00:00.000Z');
    await t.runDueJobs();
    expect(await subscription(token, tenantId)).toMatchObject({ status: 'lapsed', writable: false });
    const mails = await subjects(to);
    expect(mails.filter((s) => s === 'Nie udało się pobrać opłaty za Punkto')).toHaveLength(4);
    expect(mails).toContain('Subskrypcja Punkto wygasła');
  });
});

describe('plan changes over HTTP', () => {
  it('cancel at the period end, resume before it; a downgrade below usage is refused in Polish', async () => {
    t.setNow('2026-09-01T10:00:00.000Z');
    const { tenantId, token } = await t.tenant();
    await buy(token, tenantId, SANDBOX_CARDS.success, 'extended', false);
    const cancelled = await t.call(token, 'POST', `/api/v1/subscriptions/cancel?tenantId=${tenantId}`);
    expect(cancelled.json()).toMatchObject({
      cancelAtPeriodEnd: true,
      status: 'active',
      nextChargeGrosze: null,
    });
    const resumed = await t.call(token, 'POST', `/api/v1/subscriptions/resume?tenantId=${tenantId}`);
    expect(resumed.json()).toMatchObject({ cancelAtPeriodEnd: false, nextChargeGrosze: 4000 });

    await t.cards(tenantId, 101);
    const refused = await t.call(
      token,
      'POST',
      `/api/v1/subscriptions/change-plan?tenantId=${tenantId}&newSubscriptionPlanId=basic&isForYear=false`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'SUBSCRIPTION.PLAN_BELOW_USAGE',
      localizedMessage: expect.stringContaining('masz 101 aktywnych klientów, a plan pozwala na 100'),
    });
    const yearly = await t.call(
      token,
      'POST',
      `/api/v1/subscriptions/change-plan?tenantId=${tenantId}&newSubscriptionPlanId=extended&isForYear=true`,
    );
    expect(yearly.json()).toMatchObject({
      outcome: 'scheduled',
      subscription: { pendingChange: { planId: 'extended', isForYear: true }, nextChargeGrosze: 38400 },
    });
  });

  it('an upgrade asks for the prorated difference and applies when paid', async () => {
    t.setNow('2026-10-01T10:00:00.000Z');
    const { tenantId, token } = await t.tenant();
    t.setNow('2026-10-16T10:00:00.000Z');
    await t.runDueJobs();
    await buy(token, tenantId, SANDBOX_CARDS.success, 'basic', false); // period 16.10 (trial kept: ends 15.10) → from now
    const sub = await subscription(token, tenantId);
    t.setNow(
      new Date((Date.parse(sub.periodEnd) + Date.parse('2026-10-16T10:00:00.000Z')) / 2).toISOString(),
    );
    const change = await t.call(
      token,
      'POST',
      `/api/v1/subscriptions/change-plan?tenantId=${tenantId}&newSubscriptionPlanId=extended&isForYear=false`,
    );
    expect(change.json()).toMatchObject({ outcome: 'payment_required', amountGrosze: 2500 });
    await buy(token, tenantId, SANDBOX_CARDS.success, 'extended', false);
    const upgraded = await subscription(token, tenantId);
    expect(upgraded).toMatchObject({ planId: 'extended', customerLimit: 500 });
    const invoices = (await t.call(token, 'GET', `/api/v1/invoices/all/${tenantId}`)).json().items;
    const topUp = invoices.find((i: { grossGrosze: number }) => i.grossGrosze === 2500);
    expect(topUp.description).toMatch(
      /^Punkto — dopłata za zmianę planu: plan Rozszerzony, miesiąc, \d\d\.\d\d\.\d{4}–\d\d\.\d\d\.\d{4} \(cena pomniejszona o niewykorzystaną część poprzedniego planu\)$/,
    );
  });
});

describe('the customer limit alert', () => {
  it('e-mails the owner once when active customers reach 90 % of the plan', async () => {
    t.setNow('2026-11-01T10:00:00.000Z');
    const { tenantId, token } = await t.tenant();
    await buy(token, tenantId, SANDBOX_CARDS.success, 'basic', false);
    const to = `wlasciciel-${tenantId.slice(0, 6)}@example.pl`;
    await t.cards(tenantId, 89);
    expect(await subjects(to)).not.toContain('Zbliżasz się do limitu klientów w planie Punkto');
    await t.cards(tenantId, 3);
    expect((await subjects(to)).filter((s) => s.startsWith('Zbliżasz się'))).toHaveLength(1);
    expect(await subscription(token, tenantId)).toMatchObject({ activeCustomers: 92, customerLimit: 100 });
  });

  it('counts people, not cards: one person with a points and a stamp card is one customer (ADR 0051)', async () => {
    const { tenantId, token } = await t.tenant();
    const anna = randomUUID();
    const [points] = await t.cards(tenantId, 2, anna);
    await t.cards(tenantId, 1);
    expect(await subscription(token, tenantId)).toMatchObject({ activeCustomers: 2 });
    await t.deliver(Topics.cardLedgerCards, 'CardClosed', {
      cardId: points!,
      reason: 'client_removed',
      closedAt: new Date().toISOString(),
    });
    expect(await subscription(token, tenantId)).toMatchObject({ activeCustomers: 2 });
  });

  it("a phone-only client's card moved to the account of a customer with another card: one customer (ADR 0056)", async () => {
    const { tenantId, token } = await t.tenant();
    const anna = randomUUID();
    await t.cards(tenantId, 1, anna);
    const clientId = randomUUID();
    const [walkIn] = await t.cards(tenantId, 1, `client:${clientId}`);
    expect(await subscription(token, tenantId)).toMatchObject({ activeCustomers: 2 });
    const moved = {
      cardId: walkIn!,
      tenantId,
      programId: 'p1',
      clientId,
      userId: anna,
      previousHolder: `client:${clientId}`,
      linkedAt: new Date().toISOString(),
    };
    const linkedId = await t.deliver(Topics.cardLedgerCards, 'CardHolderLinked', moved);
    expect(await subscription(token, tenantId)).toMatchObject({ activeCustomers: 1 });
    // redelivered: the link, and the card's CardIssued (with its former holder) — still one
    await t.deliver(Topics.cardLedgerCards, 'CardHolderLinked', moved, linkedId);
    await t.deliver(Topics.cardLedgerCards, 'CardIssued', {
      cardId: walkIn!,
      tenantId,
      programId: 'p1',
      clientId,
      userId: `client:${clientId}`,
      humanReadableId: '1234567890',
      secretVersion: 1,
      tier: null,
      issuedAt: new Date().toISOString(),
    });
    expect(await subscription(token, tenantId)).toMatchObject({ activeCustomers: 1 });
  });
});

import { Topics } from '@punkto/contracts/topics';
import type { JobHandler } from '@punkto/platform/scheduler/scheduler.port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '../payments/sandbox-orders';
import { startBilling, type BillingTestApp } from '../testing/billing-test-app';
import { PERIOD_END_JOB } from './subscription-jobs';

/** ADR 0047: closing a company (TenantDeleted) closes its billing at once, and for good. */
let t: BillingTestApp;
beforeAll(async () => {
  t = await startBilling();
});
afterAll(async () => t?.close());

async function buy(token: string, tenantId: string) {
  const started = (
    await t.call(token, 'POST', '/api/v1/payments/initiate-payment', {
      tenantId,
      planId: 'basic',
      isForYear: false,
    })
  ).json();
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
    const jobs = t.built.jobs as Record<string, JobHandler>;
    await jobs[PERIOD_END_JOB]!({
      id: `period-end:${tenantId}`,
      type: PERIOD_END_JOB,
      runAt: t.now(),
      payload: { tenantId },
    } as Parameters<JobHandler>[0]);
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

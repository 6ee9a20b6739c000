import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '../payments/sandbox-orders';
import { startBilling, type BillingTestApp } from '../testing/billing-test-app';
import { addPeriod } from './billing-periods';
import { PERIOD_END_JOB, SWEEP_JOB } from './subscription-jobs';

/**
 * The sweep (ADR 0026): a period-end job lost between an append and its scheduling is found and scheduled
 * again, and the renewal it runs charges once — also when two replicas, each with its own scheduler, both run
 * it. A controlled clock; the sandbox provider (its renewals settle at once).
 */
let t: BillingTestApp;
beforeAll(async () => {
  t = await startBilling();
});
afterAll(async () => t?.close());

const subscription = async (token: string, tenantId: string) =>
  (await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/tenant-subscription`)).json();
const invoices = async (token: string, tenantId: string) =>
  (await t.call(token, 'GET', `/api/v1/invoices/all/${tenantId}`)).json().items as unknown[];
const eventTypes = async (tenantId: string) =>
  (await t.infra.eventStore.readStream(`subscription-${tenantId}`)).map((e) => e.type);
const renewalPayments = async (tenantId: string) => {
  const docs = await t.infra.documents.collection('payments').find({ 'order.tenantId': tenantId });
  return docs.filter((d) => (d as { order?: { purpose?: string } }).order?.purpose === 'renewal');
};

/** a company that paid for basic monthly during its trial (period end 2026-07-15T10:00Z) */
async function paying(start: string) {
  t.setNow(start);
  const { tenantId, token } = await t.tenant();
  const started = (
    await t.call(token, 'POST', '/api/v1/payments/initiate-payment', {
      tenantId,
      planId: 'basic',
      isForYear: false,
    })
  ).json();
  await t.payInCheckout(started.redirectUri, SANDBOX_CARDS.success);
  await t.runDueJobs();
  return { tenantId, token };
}

describe('a lost period-end job', () => {
  it('is found by the sweep and the renewal runs once', async () => {
    const { tenantId, token } = await paying('2026-06-01T10:00:00.000Z');
    expect(await subscription(token, tenantId)).toMatchObject({
      status: 'active',
      periodEnd: '2026-07-15T10:00:00.000Z',
    });
    // the process died between appending SubscriptionActivated and scheduling its job
    await t.loseJob(`period-end:${tenantId}`);
    expect(t.pendingJobs().some((j) => j.id === `period-end:${tenantId}`)).toBe(false);

    t.setNow('2026-07-15T10:05:00.000Z');
    const ran = await t.runDueJobs();
    // the periodic sweep came round, scheduled the job (due: run at once), and the renewal was charged
    expect(ran.indexOf(SWEEP_JOB)).toBeGreaterThanOrEqual(0);
    expect(ran.indexOf(PERIOD_END_JOB)).toBeGreaterThan(ran.indexOf(SWEEP_JOB));
    expect(await subscription(token, tenantId)).toMatchObject({
      status: 'active',
      periodEnd: '2026-08-15T10:00:00.000Z',
    });
    expect(await renewalPayments(tenantId)).toHaveLength(1);
    expect(await invoices(token, tenantId)).toHaveLength(2);

    // the sweep running again finds nothing missing and charges nothing more
    expect(await t.built.subscriptions.sweep()).not.toContain(tenantId);
    await t.runDueJobs();
    expect(await renewalPayments(tenantId)).toHaveLength(1);
  });

  it('a trial whose job was lost still ends (read-only) once the sweep finds it', async () => {
    t.setNow('2026-06-01T10:00:00.000Z');
    const { tenantId, token } = await t.tenant();
    await t.loseJob(`period-end:${tenantId}`);
    t.setNow('2026-06-16T10:00:00.000Z');
    expect(await t.built.subscriptions.sweep()).toContain(tenantId);
    await t.runDueJobs();
    expect(await subscription(token, tenantId)).toMatchObject({ status: 'lapsed', writable: false });
    // nothing is left to schedule for a lapsed subscription
    expect(await t.built.subscriptions.sweep()).not.toContain(tenantId);
  });
});

describe('two replicas, each with its own scheduler (distributed mode)', () => {
  it('both run the period end at once: one charge, one renewal, one invoice more', async () => {
    const { tenantId, token } = await paying('2026-08-01T10:00:00.000Z');
    const trial = await t.tenant();
    const periodEnd = (await subscription(token, tenantId)).periodEnd as string;
    const second = await t.replica();
    // the second replica's start-up sweep gives it the job too (its scheduler did not have it)
    await second.runDueJobs();
    expect(second.pendingJobs().some((j) => j.id === `period-end:${tenantId}`)).toBe(true);
    // … only the period-end job: a trial's reminder e-mails stay with the replica that scheduled them
    expect(second.pendingJobs().some((j) => j.id === `period-end:${trial.tenantId}`)).toBe(true);
    expect(second.pendingJobs().filter((j) => j.id.startsWith('trial-reminder'))).toEqual([]);
    expect(
      t.pendingJobs().some((j) => j.id.endsWith(`:${trial.tenantId}`) && j.id.startsWith('trial-reminder')),
    ).toBe(true);
    expect(t.pendingJobs().some((j) => j.id === `period-end:${tenantId}`)).toBe(true);

    t.setNow(new Date(Date.parse(periodEnd) + 60_000).toISOString());
    const [first, other] = await Promise.all([t.runDueJobs(), second.runDueJobs()]);
    expect(first).toContain(PERIOD_END_JOB);
    expect(other).toContain(PERIOD_END_JOB);

    expect(await renewalPayments(tenantId)).toHaveLength(1);
    expect(await invoices(token, tenantId)).toHaveLength(2);
    expect((await eventTypes(tenantId)).filter((type) => type === 'SubscriptionRenewed')).toHaveLength(1);
    const after = await subscription(token, tenantId);
    // renewed once: one month after the old end, not two
    expect(after.periodEnd).toBe(addPeriod(periodEnd, false));

    // a runner that comes late (the other replica's re-check) finds the period renewed and charges nothing
    await second.built.jobs[PERIOD_END_JOB]!(
      { id: `period-end:${tenantId}`, type: PERIOD_END_JOB, runAt: t.now(), payload: { tenantId } },
      { attempt: 1 },
    );
    expect(await renewalPayments(tenantId)).toHaveLength(1);
    expect(await invoices(token, tenantId)).toHaveLength(2);
  });
});

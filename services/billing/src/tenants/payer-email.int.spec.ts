import { Roles } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { SHREDDED } from '@punkto/platform/privacy/pii-event-store';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CARDS, SANDBOX_NOTIFY_JOB } from '../payments/sandbox-orders';
import { startBilling, tokenFor, type BillingTestApp } from '../testing/billing-test-app';

/**
 * A company without a contact e-mail gets billing's e-mails at the address of the person who started its last
 * payment; when that person confirms a new address (identity.users.v1 StaffEmailChanged, ADR 0053) the e-mails
 * follow it. Someone else's change, a shredded address or a repeat change nothing.
 */
let t: BillingTestApp;
beforeAll(async () => {
  t = await startBilling();
});
afterAll(async () => t?.close());

const changedAt = '2026-03-05T11:00:00.000Z';
const staffEmailChanged = (userId: string, tenantId: string, staffEmail: string) =>
  t.deliver(Topics.identityUsers, 'StaffEmailChanged', { userId, tenantId, staffEmail, changedAt });

/** a company whose contact e-mail was cleared: billing writes to the payer */
async function companyWithoutContact() {
  const company = await t.tenant();
  await t.deliver(Topics.tenantTenants, 'TenantUpdated', {
    tenantId: company.tenantId,
    changes: { contact: null },
    updatedAt: t.now().toISOString(),
  });
  return company;
}

const paymentMailsTo = async (to: string) =>
  (await t.sentMails()).filter((m) => m.to === to && m.subject === 'Otrzymaliśmy płatność za Punkto');

describe('identity.users.v1 StaffEmailChanged → the payer’s address', () => {
  it('billing’s e-mails follow the payer’s confirmed address; others’ changes, shredded ones and repeats do not', async () => {
    t.setNow('2026-03-05T10:00:00.000Z');
    const { tenantId, ownerId } = await companyWithoutContact();
    const payer = tokenFor(ownerId, Roles.owner, { tid: tenantId, email: 'szefowa.stara@example.pl' });
    const newAddress = `szefowa.${randomUUID().slice(0, 8)}@example.pl`;
    // the payment starts at the old address; the owner confirms a new one before it is booked
    await purchaseAfter(await payer, tenantId, async () => {
      await staffEmailChanged(ownerId, tenantId, newAddress);
      await staffEmailChanged(ownerId, tenantId, newAddress);
      // not the payer: another person of the company, or the same person in another company
      await staffEmailChanged(randomUUID(), tenantId, 'ktos.inny@example.pl');
      await staffEmailChanged(ownerId, randomUUID(), 'gdzie.indziej@example.pl');
      await staffEmailChanged(ownerId, tenantId, SHREDDED);
    });

    expect(await paymentMailsTo(newAddress)).toHaveLength(1);
    expect(await paymentMailsTo('szefowa.stara@example.pl')).toEqual([]);
    expect(await paymentMailsTo('ktos.inny@example.pl')).toEqual([]);
  });

  it('an employee who paid is the payer: the owner’s change does not take the e-mails', async () => {
    t.setNow('2026-03-05T10:00:00.000Z');
    const { tenantId, ownerId } = await companyWithoutContact();
    const employeeId = randomUUID();
    const employee = await tokenFor(employeeId, Roles.employee, {
      tid: tenantId,
      perms: ['billing.manage'],
      email: 'ksiegowa@example.pl',
    });
    const employeeAddress = `ksiegowa.${randomUUID().slice(0, 8)}@example.pl`;
    await purchaseAfter(employee, tenantId, async () => {
      await staffEmailChanged(ownerId, tenantId, 'szef.jeszcze.nowszy@example.pl');
      await staffEmailChanged(employeeId, tenantId, employeeAddress);
    });
    expect(await paymentMailsTo(employeeAddress)).toHaveLength(1);
    expect(await paymentMailsTo('szef.jeszcze.nowszy@example.pl')).toEqual([]);
  });
});

/** starts a purchase, runs `between` (events), then pays and books it */
async function purchaseAfter(token: string, tenantId: string, between: () => Promise<void>) {
  const started = await t.call(token, 'POST', '/api/v1/payments/initiate-payment', {
    tenantId,
    planId: 'basic',
    isForYear: false,
  });
  expect(started.statusCode, started.body).toBe(201);
  await between();
  const { redirectUri } = started.json() as { redirectUri: string };
  expect((await t.payInCheckout(redirectUri, SANDBOX_CARDS.success)).statusCode).toBe(303);
  expect(await t.runDueJobs()).toContain(SANDBOX_NOTIFY_JOB);
}

import { Topics } from '@punkto/contracts/topics';
import type { EventEnvelope } from '@punkto/contracts/events';
import { everyMessageConsumed } from '@punkto/platform/testing/bus-consumed';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantTestApp, steppingClock, type TenantTestApp } from '../testing/tenant-test-app';
import { toClientStreamId } from './client';
import { tenantEventStore } from './staff-and-clients';

// the tenant service's real app and bus consumers on the embedded adapters
let t: TenantTestApp;
beforeAll(async () => {
  t = await startTenantTestApp({ clock: steppingClock('2026-03-02T08:00:00.000Z') });
  await t.startConsumers();
});
afterAll(async () => t?.close());

const base = (tenantId: string) => `/api/v1/tenants/${tenantId}`;
const BOM = '\uFEFF';

/** what the notification service's relay publishes when a customer used an unsubscribe link (ADR 0027) */
async function unsubscribed(tenantId: string, clientIds: string[], campaignId = randomUUID()) {
  const envelope: EventEnvelope = {
    id: randomUUID(),
    type: 'MarketingConsentWithdrawn',
    schemaVersion: 1,
    occurredAt: '2026-03-02T08:30:00.000Z',
    tenantId,
    aggregateId: campaignId,
    correlationId: randomUUID(),
    causationId: null,
    traceparent: null,
    data: { campaignId, tenantId, clientIds, withdrawnAt: '2026-03-02T08:30:00.000Z' },
  };
  await t.infra.bus.publish(Topics.notificationMessages, [{ key: campaignId, value: envelope }]);
  // and one the tenant service does not read: skipped without harm
  await t.infra.bus.publish(Topics.notificationMessages, [
    {
      key: campaignId,
      value: { ...envelope, id: randomUUID(), type: 'CampaignFinished', data: { campaignId } },
    },
  ]);
  return campaignId;
}

describe('notification.messages.v1 MarketingConsentWithdrawn', () => {
  it('records the withdrawal on the named clients of that company: the export shows "Nie"', async () => {
    const owner = await t.ownerWithTenant({ companyName: 'Barber Wąsik' });
    const programId = await t.program(owner.tenantId, owner.token, { name: 'Strzyżenie' });
    const create = async (email: string) => {
      const res = await t.call(owner.token, 'POST', `${base(owner.tenantId)}/create-client`, {
        email,
        name: 'Ola Żak',
        programId,
        marketingConsent: true,
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { clientId: string }).clientId;
    };
    const ola = await create('ola@example.pl');
    const bartek = await create('bartek@example.pl');
    const consentOf = async () => {
      const res = await t.call(owner.token, 'GET', `${base(owner.tenantId)}/exports/clients`);
      return Object.fromEntries(
        res.body
          .slice(BOM.length)
          .split('\r\n')
          .slice(1, -1)
          .map((row) => [row.split(';')[1], row.split(';').at(-1)]),
      );
    };
    expect(await consentOf()).toEqual({ 'ola@example.pl': 'Tak', 'bartek@example.pl': 'Tak' });

    // another company's client named in the event is not touched, and does not stop the rest
    const other = await t.ownerWithTenant({ companyName: 'Inna' });
    const campaignId = await unsubscribed(owner.tenantId, [ola, randomUUID()]);
    await expect
      .poll(consentOf, { timeout: 10_000 })
      .toEqual({ 'ola@example.pl': 'Nie', 'bartek@example.pl': 'Tak' });

    const events = await tenantEventStore(t.infra).readStream(toClientStreamId(ola));
    expect(events.map((e) => e.type)).toEqual(['ClientEnrolled', 'ClientMarketingConsentWithdrawn']);
    expect(events[1]!.data).toEqual({
      clientId: ola,
      tenantId: owner.tenantId,
      programId,
      campaignId,
      withdrawnAt: expect.any(String),
    });

    // delivered again (at least once) or named by another company: nothing more
    await unsubscribed(owner.tenantId, [ola], campaignId);
    await unsubscribed(other.tenantId, [bartek]);
    await everyMessageConsumed(t.infra.bus, t.consumers);
    expect((await tenantEventStore(t.infra).readStream(toClientStreamId(ola))).length).toBe(2);
    expect((await tenantEventStore(t.infra).readStream(toClientStreamId(bartek))).length).toBe(1);
    expect(await consentOf()).toEqual({ 'ola@example.pl': 'Nie', 'bartek@example.pl': 'Tak' });
  });
});

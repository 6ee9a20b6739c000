import { Roles } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { eventMessage } from '@punkto/platform/testing/bus-message';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantTestApp, type TenantTestApp } from '../testing/tenant-test-app';

let t: TenantTestApp;
beforeAll(async () => {
  t = await startTenantTestApp();
});
afterAll(async () => t?.close());

const entitlement = (tenantId: string, status: string, writable: boolean, at: string) => ({
  tenantId,
  at,
  reason: 'payment_failed',
  entitlement: { status, planId: 'basic', customerLimit: 100, writable, periodEnd: at },
});
async function publish(type: string, data: object) {
  const consumer = t.consumers.find((c) => c.topics.includes(Topics.billingSubscriptions))!;
  await consumer.handler(eventMessage(Topics.billingSubscriptions, type, data));
}

describe('a lapsed subscription', () => {
  it('makes the panel read-only with a Polish 403, keeps reads and customers working, and paying restores it', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const programId = await t.program(tenantId, token);
    await publish('SubscriptionLapsed', entitlement(tenantId, 'lapsed', false, '2026-04-01T10:00:00.000Z'));

    const refused = await t.call(token, 'POST', `/api/v1/tenants/${tenantId}/services`, {
      name: 'Strzyżenie',
      priceGrosze: 5000,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'SUBSCRIPTION.LAPSED',
      localizedMessage: expect.stringContaining('panel działa tylko do odczytu'),
    });
    const patch = await t.call(token, 'PATCH', `/api/v1/tenants/${tenantId}/update-tenant`, {
      companyName: 'Nowa',
    });
    expect(patch.statusCode).toBe(403);
    expect((await t.call(token, 'GET', `/api/v1/tenants/${tenantId}`)).statusCode).toBe(200);
    expect((await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/loyalty-programs`)).statusCode).toBe(200);
    // a customer may still join (the guard lets `join` through; whatever it answers, it is not the lapse)
    const customer = await t.tokenFor({ id: 'c1', role: 'customer', email: 'klient@example.pl' } as never);
    const join = await t.call(customer, 'POST', `/api/v1/tenants/${tenantId}/join`, {
      programId,
      marketingConsent: false,
    });
    expect(join.json().code).not.toBe('SUBSCRIPTION.LAPSED');

    // an older event arriving late does not reopen the panel; a new payment does
    await publish('SubscriptionActivated', entitlement(tenantId, 'active', true, '2026-03-01T10:00:00.000Z'));
    expect(
      (await t.call(token, 'POST', `/api/v1/tenants/${tenantId}/services`, { name: 'A', priceGrosze: 100 }))
        .statusCode,
    ).toBe(403);
    await publish('SubscriptionActivated', entitlement(tenantId, 'active', true, '2026-04-02T10:00:00.000Z'));
    const created = await t.call(token, 'POST', `/api/v1/tenants/${tenantId}/services`, {
      name: 'Strzyżenie',
      priceGrosze: 5000,
    });
    expect(created.statusCode, created.body).toBe(201);
  });
});

describe("the plan's customer limit", () => {
  it('refuses a join above the limit with a Polish message, before any card is asked for', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const programId = await t.program(tenantId, token);
    await publish('SubscriptionActivated', {
      ...entitlement(tenantId, 'active', true, '2026-04-01T10:00:00.000Z'),
      entitlement: {
        status: 'active',
        planId: 'basic',
        customerLimit: 2,
        writable: true,
        periodEnd: '2026-05-01T10:00:00.000Z',
      },
    });
    const join = async (n: number) =>
      t.call(
        await t.tokenFor({
          id: `klient-${n}-${tenantId}`,
          role: Roles.customer,
          email: `k${n}@example.pl`,
          name: `Klient ${n}`,
        } as never),
        'POST',
        `/api/v1/tenants/${tenantId}/join`,
        { programId },
      );
    expect((await join(1)).statusCode).toBe(201);
    expect((await join(2)).statusCode).toBe(201);
    const third = await join(3);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({
      code: 'CLIENT.CUSTOMER_LIMIT_REACHED',
      localizedMessage: expect.stringContaining('ilu pozwala jej plan'),
    });
  });
});

import { EmployeeErrors, type Employee } from '@punkto/contracts/employees';
import type { Page } from '@punkto/contracts/pagination';
import { Topics } from '@punkto/contracts/topics';
import { SHREDDED } from '@punkto/platform/privacy/pii-event-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantTestApp, steppingClock, type TenantTestApp } from '../testing/tenant-test-app';
import { toEmployeeStreamId } from './employee';

/**
 * identity.users.v1 StaffEmailChanged → the company's record of its employee (ADR 0053): the owner's list shows
 * the confirmed address, the old address may be invited again and the new one is taken; a redelivery (the same
 * envelope, or another report of the same address) decides nothing.
 */
let t: TenantTestApp;
beforeAll(async () => {
  t = await startTenantTestApp({ clock: steppingClock() });
  await t.startConsumers();
});
afterAll(async () => t?.close());

const url = (tenantId: string) => `/api/v1/tenants/${tenantId}/employees`;
const typesOf = async (employeeId: string) =>
  (await t.infra.eventStore.readStream(toEmployeeStreamId(employeeId))).map((e) => e.type);
const listed = async (tenantId: string, token: string) =>
  ((await t.call(token, 'GET', url(tenantId))).json() as Page<Employee>).items;
const changedAt = '2026-03-03T09:00:00.000Z';

/** an employee of a new company whose account identity reported active */
async function activeEmployee(email: string) {
  const { tenantId, token } = await t.ownerWithTenant();
  const invited = await t.call(token, 'POST', url(tenantId), { email, name: 'Jan Kowalski' });
  expect(invited.statusCode, invited.body).toBe(201);
  const employee = invited.json() as Employee;
  await t.publishIdentityEvent('UserActivated', employee.id, {
    userId: employee.id,
    activatedAt: '2026-03-02T09:00:00.000Z',
  });
  await expect
    .poll(async () => (await listed(tenantId, token))[0]?.status, { timeout: 10_000 })
    .toBe('active');
  return { tenantId, token, employee };
}

const staffEmailChanged = (userId: string, tenantId: string, staffEmail: string) =>
  t.publishIdentityEvent('StaffEmailChanged', userId, { userId, tenantId, staffEmail, changedAt });

describe('identity.users.v1 StaffEmailChanged', () => {
  it('the owner’s list shows the confirmed address; old address free, new one taken; a redelivery changes nothing', async () => {
    const { tenantId, token, employee } = await activeEmployee('jan@example.pl');
    const envelope = await staffEmailChanged(employee.id, tenantId, 'Jan.Nowy@Example.pl');
    await expect
      .poll(async () => (await listed(tenantId, token))[0]?.email, { timeout: 10_000 })
      .toBe('jan.nowy@example.pl');
    // the log holds the address sealed, as every personal value of an employee
    const stored = (await t.infra.eventStore.readStream(toEmployeeStreamId(employee.id))).at(-1)!;
    expect(stored.type).toBe('EmployeeEmailChanged');
    expect((stored.data as { email: string }).email).toMatch(/^pii:v1:/);

    // redelivered: the same envelope (the inbox), then another report of the same address (the decider)
    await t.infra.bus.publish(Topics.identityUsers, [{ key: employee.id, value: envelope }]);
    await staffEmailChanged(employee.id, tenantId, 'jan.nowy@example.pl');
    // a later report on the same key: once it is applied, the redeliveries before it were handled
    await t.publishIdentityEvent('UserActivated', employee.id, {
      userId: employee.id,
      activatedAt: changedAt,
    });
    await staffEmailChanged(employee.id, tenantId, 'jan.trzeci@example.pl');
    await expect
      .poll(async () => (await listed(tenantId, token))[0]?.email, { timeout: 10_000 })
      .toBe('jan.trzeci@example.pl');
    expect(await typesOf(employee.id)).toEqual([
      'EmployeeInvited',
      'EmployeeActivated',
      'EmployeeEmailChanged',
      'EmployeeEmailChanged',
    ]);

    // the old addresses are free in this company, the current one is the employee's
    const again = await t.call(token, 'POST', url(tenantId), { email: 'jan@example.pl', name: 'Jan Inny' });
    expect(again.statusCode, again.body).toBe(201);
    const taken = await t.call(token, 'POST', url(tenantId), {
      email: 'jan.trzeci@example.pl',
      name: 'Ktoś Inny',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: EmployeeErrors.emailTaken.code });
  });

  it('a shredded address, another company, an owner or an address a colleague holds change nothing', async () => {
    const { tenantId, token, employee } = await activeEmployee('ola@example.pl');
    const colleague = await t.call(token, 'POST', url(tenantId), {
      email: 'kasia@example.pl',
      name: 'Kasia',
    });
    expect(colleague.statusCode, colleague.body).toBe(201);
    const other = await t.ownerWithTenant();

    await staffEmailChanged(employee.id, tenantId, SHREDDED);
    await staffEmailChanged(employee.id, other.tenantId, 'ola.obca@example.pl');
    await staffEmailChanged(employee.id, tenantId, 'kasia@example.pl');
    // the owner's own address is not an employee's record (nothing to follow in the tenant service); published
    // on the employee's key only so that the last report below is handled after it (order holds per key)
    const ownerChange = await t.publishIdentityEvent('StaffEmailChanged', other.ownerId, {
      userId: other.ownerId,
      tenantId: other.tenantId,
      staffEmail: 'szef.nowy@example.pl',
      changedAt,
    });
    await t.infra.bus.publish(Topics.identityUsers, [
      { key: employee.id, value: { ...ownerChange, id: `${ownerChange.id}-on-employee-key` } },
    ]);
    await staffEmailChanged(employee.id, tenantId, 'ola.nowa@example.pl');
    await expect
      .poll(async () => (await listed(tenantId, token)).map((e) => e.email).sort(), { timeout: 10_000 })
      .toEqual(['kasia@example.pl', 'ola.nowa@example.pl']);
    expect(await typesOf(employee.id)).toEqual([
      'EmployeeInvited',
      'EmployeeActivated',
      'EmployeeEmailChanged',
    ]);
    expect(await listed(other.tenantId, other.token)).toEqual([]);
  });
});

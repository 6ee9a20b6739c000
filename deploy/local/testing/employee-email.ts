/**
 * Issue 33, "Accounts in the panel" (ADR 0053), through the gateway of the real entry point (server/main.ts): an
 * employee changes their own e-mail (`PATCH /users/update-user`), the old address keeps signing in until the link
 * sent to the new one is opened; then only the new one does. Identity records StaffEmailChanged, the tenant
 * service's consumer EmployeeEmailChanged: the owner's employees list shows the new address within seconds, the
 * old address may be invited again and the new one is taken; an owner changes theirs the same way.
 * Run in both modes (employee-email.int.spec.ts) and with Kafka as the bus (employee-email.infra.spec.ts).
 */
import type { Employee } from '@punkto/contracts/employees';
import type { Page } from '@punkto/contracts/pagination';
import { expect } from 'vitest';
import { CookieClient } from '../../../scripts/testing/http-client';
import {
  eventually,
  invitedEmployee,
  mailTo,
  ownerWithProgram,
  PASSWORD,
  uniqueEmail,
  type OwnerWithProgram,
} from '../../../scripts/testing/actors';

/** how long the company's record may take to follow a confirmed address */
export const FOLLOW_LIMIT_MS = 10_000;

const loginStatus = async (base: string, email: string) =>
  (await new CookieClient(base).call('POST', '/api/v1/users/login', { email, password: PASSWORD })).status;

const employeesOf = async (owner: OwnerWithProgram) => {
  const res = await owner.client.call('GET', `/api/v1/tenants/${owner.tenantId}/employees`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as Page<Employee>).items;
};

/** requests the change, then opens the link from the mailbox as the person would */
async function changeAndConfirm(base: string, client: CookieClient, newEmail: string) {
  const requested = await client.call('PATCH', '/api/v1/users/update-user', { email: newEmail });
  expect(requested.status, await requested.clone().text()).toBe(200);
  const token = /aktywacja-konta\?token=([A-Za-z0-9_-]+)/.exec(
    await mailTo(newEmail, /Potwierdź nowy adres/, base),
  )?.[1];
  expect(token, 'the confirmation link').toBeTruthy();
  return { requested, confirm: () => client.call('POST', '/api/v1/users/activate-account', { token }) };
}

/** The scenario; `measured` receives how long the owner's list took to show the new address. */
export async function employeeEmailScenario(base: string, mode: string, measured: Record<string, number>) {
  const owner = await ownerWithProgram({ baseUrl: base });
  const employee = await invitedEmployee(owner, ['cards.scan'], base);
  const newEmail = uniqueEmail('pracownik.nowy');

  const { requested, confirm } = await changeAndConfirm(base, employee.client, newEmail);
  // pending: the account keeps its address, and the old one signs in until the link is opened
  expect(((await requested.json()) as { email: string }).email).toBe(employee.email);
  expect(await loginStatus(base, employee.email)).toBe(200);
  expect(await loginStatus(base, newEmail)).toBe(401);

  const confirmed = await confirm();
  expect(confirmed.status, await confirmed.clone().text()).toBe(200);
  const started = performance.now();
  expect(await loginStatus(base, newEmail)).toBe(200);
  expect(await loginStatus(base, employee.email)).toBe(401);

  // the company's record follows through the bus
  await eventually(
    'the owner’s list to show the new address',
    async () => ((await employeesOf(owner)).some((e) => e.email === newEmail) ? true : undefined),
    FOLLOW_LIMIT_MS,
  );
  measured[mode] = Math.round(performance.now() - started);
  expect(await employeesOf(owner)).toEqual([
    expect.objectContaining({ id: employee.id, email: newEmail, status: 'active' }),
  ]);

  // one address per company: the old one may be invited again, the new one is the employee's
  const invite = (email: string) =>
    owner.client.call('POST', `/api/v1/tenants/${owner.tenantId}/employees`, {
      email,
      name: 'Ktoś Nowy',
      permissions: ['cards.scan'],
    });
  const taken = await invite(newEmail);
  expect(taken.status).toBe(409);
  expect(await taken.json()).toMatchObject({ code: 'EMPLOYEE.EMAIL_TAKEN' });
  expect((await invite(employee.email)).status).toBe(201);

  // the owner's own change (StaffEmailChanged too): the owner signs in with the new address only
  const ownerEmail = uniqueEmail('wlasciciel.nowy');
  const ownerChange = await changeAndConfirm(base, owner.client, ownerEmail);
  expect((await ownerChange.confirm()).status).toBe(200);
  expect(await loginStatus(base, ownerEmail)).toBe(200);
  expect(await loginStatus(base, owner.email)).toBe(401);
}

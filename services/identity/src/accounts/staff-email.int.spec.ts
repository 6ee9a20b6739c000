import type { EventEnvelope } from '@punkto/contracts/events';
import { Permissions } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import type { Consumer } from '@punkto/platform/bus/message-bus.port';
import { ACCESS_COOKIE } from '@punkto/platform/http/auth-plugin';
import { SHREDDED } from '@punkto/platform/privacy/pii-event-store';
import { SAME_ORIGIN } from '@punkto/platform/testing/same-origin';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailTags } from '../mail/identity-mails';
import { cookiesOf, startIdentity, type IdentityTestApp } from '../testing/identity-test-app';

/**
 * An employee changes their own e-mail (ADR 0053): the same update-user flow as owners and customers, and the
 * confirmed address of a staff account is recorded as StaffEmailChanged — the one place identity's relay publishes
 * it plain; EmailChanged stays sealed, a customer's change publishes no address, and a removed employee's
 * address reads as shredded.
 */
let t: IdentityTestApp;
const running: Consumer[] = [];
beforeAll(async () => {
  t = await startIdentity({
    RATE_LIMIT_EMAIL_SEND_PER_ADDRESS: '1000',
    RATE_LIMIT_EMAIL_SEND_PER_IP: '1000',
  });
  for (const spec of t.consumers) running.push(await t.infra.bus.subscribe(spec));
});
afterAll(async () => {
  for (const consumer of running) await consumer.stop();
  await t?.close();
});

const PASSWORD = 'Haslo1234';
const json = { 'content-type': 'application/json' };
const users = (path: string, payload?: object, cookies?: Record<string, string>) =>
  t.app.inject({
    method: path === 'update-user' ? 'PATCH' : 'POST',
    url: `/api/v1/users/${path}`,
    headers: { ...SAME_ORIGIN, ...json },
    ...(payload && { payload }),
    ...(cookies && { cookies }),
  });
const envelope = (type: string, aggregateId: string, tenantId: string, data: object): EventEnvelope => ({
  id: randomUUID(),
  type,
  schemaVersion: 1,
  occurredAt: new Date().toISOString(),
  tenantId,
  aggregateId,
  correlationId: randomUUID(),
  causationId: null,
  traceparent: null,
  data,
});
const fromTenant = (type: string, employeeId: string, tenantId: string, data: object) =>
  t.infra.bus.publish(Topics.tenantEmployees, [
    { key: employeeId, value: envelope(type, employeeId, tenantId, { employeeId, tenantId, ...data }) },
  ]);
/** what identity.users.v1 carries for this account: the relay's view of its stream */
const published = async (userId: string) =>
  (await t.app.identity.relayEventStore.readStream(`user-${userId}`)).map((e) => ({
    type: e.type,
    data: e.data as Record<string, unknown>,
  }));

/** an employee invited by the tenant service who set a password from the invitation and logged in */
async function signedInEmployee(tenantId: string) {
  const employeeId = randomUUID();
  const email = `pracownik.${randomUUID()}@example.pl`;
  await fromTenant('EmployeeInvited', employeeId, tenantId, {
    email,
    name: 'Jan Pracownik',
    permissions: [Permissions.cardsScan],
    companyName: 'Kawiarnia Pod Lipą',
    invitedAt: new Date().toISOString(),
  });
  await expect
    .poll(() => t.mails({ to: email, tag: MailTags.employeeInvitation }), { timeout: 10_000 })
    .toHaveLength(1);
  const { token } = await t.linkToken(email, MailTags.employeeInvitation);
  expect((await users('reset-password', { token, newPassword: PASSWORD })).statusCode).toBe(200);
  const login = await users('login', { email, password: PASSWORD });
  expect(login.statusCode, login.body).toBe(200);
  return { employeeId, email, cookies: { [ACCESS_COOKIE]: cookiesOf(login)[ACCESS_COOKIE]!.value } };
}

/** update-user to `newEmail`, then the link from the mailbox */
async function changeAndConfirm(cookies: Record<string, string>, newEmail: string) {
  const requested = await users('update-user', { email: newEmail }, cookies);
  expect(requested.statusCode, requested.body).toBe(200);
  const { token } = await t.linkToken(newEmail, MailTags.emailConfirmation);
  const confirmed = await users('activate-account', { token });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

describe('an employee’s own e-mail change', () => {
  it('confirmed by the link: signs in with the new address; StaffEmailChanged carries it plain, EmailChanged sealed', async () => {
    const tenantId = randomUUID();
    const employee = await signedInEmployee(tenantId);
    const newEmail = `pracownik.nowy.${randomUUID()}@example.pl`;
    await changeAndConfirm(employee.cookies, newEmail);
    expect((await users('login', { email: employee.email, password: PASSWORD })).statusCode).toBe(401);
    expect((await users('login', { email: newEmail, password: PASSWORD })).statusCode).toBe(200);

    const events = await published(employee.employeeId);
    const changed = events.find((e) => e.type === 'EmailChanged')!;
    expect(changed.data.email).toMatch(/^pii:v1:/);
    expect(changed.data.previousEmail).toMatch(/^pii:v1:/);
    expect(events.at(-1)).toEqual({
      type: 'StaffEmailChanged',
      data: { userId: employee.employeeId, tenantId, staffEmail: newEmail, changedAt: expect.any(String) },
    });
    // sealed in the log itself, like every personal value
    const raw = await t.infra.eventStore.readStream(`user-${employee.employeeId}`);
    expect((raw.at(-1)!.data as { staffEmail: string }).staffEmail).toMatch(/^pii:v1:/);

    // removed by the company: the key is shredded, the published address too
    await fromTenant('EmployeeRemoved', employee.employeeId, tenantId, {
      removedAt: new Date().toISOString(),
    });
    await expect
      .poll(
        async () => (await published(employee.employeeId)).find((e) => e.type === 'StaffEmailChanged')?.data,
        {
          timeout: 10_000,
        },
      )
      .toMatchObject({ staffEmail: SHREDDED });
  });

  it('an employee cannot rename their own account: the name is the company’s record (ADR 0053)', async () => {
    const employee = await signedInEmployee(randomUUID());
    const res = await users('update-user', { username: 'Ktoś Inny' }, employee.cookies);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      username: [
        'Imię i nazwisko pracownika ustala firma w zakładce „Pracownicy”. Poproś o zmianę osobę zarządzającą firmą.',
      ],
    });
    expect((await published(employee.employeeId)).map((e) => e.type)).not.toContain('UsernameChanged');
  });

  it('a customer’s confirmed change publishes no address', async () => {
    const customer = await t.signedIn();
    const newEmail = `klient.nowy.${randomUUID()}@example.pl`;
    await changeAndConfirm({ [ACCESS_COOKIE]: cookiesOf(customer.login)[ACCESS_COOKIE]!.value }, newEmail);
    const events = await published(customer.userId);
    expect(events.map((e) => e.type)).toContain('EmailChanged');
    expect(events.map((e) => e.type)).not.toContain('StaffEmailChanged');
    expect(JSON.stringify(events)).not.toContain(newEmail);
  });
});

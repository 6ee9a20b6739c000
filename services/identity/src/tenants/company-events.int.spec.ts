import type { EventEnvelope } from '@punkto/contracts/events';
import type { ClientEnrolledData, EmployeeInvitedData } from '@punkto/contracts/integration-events';
import { Permissions, Roles } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import type { Consumer } from '@punkto/platform/bus/message-bus.port';
import { SHREDDED } from '@punkto/platform/privacy/pii-event-store';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailTags } from '../mail/identity-mails';
import { startIdentity, type IdentityTestApp } from '../testing/identity-test-app';

/**
 * identity's consumers of tenant.employees.v1, tenant.clients.v1 and tenant.tenants.v1 on the real embedded
 * bus: events published as tenant's relay publishes them, effects checked in accounts, tokens and e-mails.
 */
let t: IdentityTestApp;
const running: Consumer[] = [];
/** ids of the envelopes identity's consumers have finished handling */
const handled = new Set<string>();
beforeAll(async () => {
  t = await startIdentity();
  for (const spec of t.consumers)
    running.push(
      await t.infra.bus.subscribe({
        ...spec,
        handler: async (message) => {
          await spec.handler(message);
          handled.add((message.value as EventEnvelope).id);
        },
      }),
    );
});
afterAll(async () => {
  for (const c of running) await c.stop();
  await t?.close();
});

const json = { 'content-type': 'application/json' };
const poll = { timeout: 10_000, interval: 50 };

function envelope(type: string, aggregateId: string, tenantId: string, data: object): EventEnvelope {
  return {
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
  };
}
const publish = (topic: string, e: EventEnvelope) =>
  t.infra.bus.publish(topic, [{ key: e.aggregateId, value: e }]);
/** published after the events under test: once identity handled it, it handled them (the embedded bus keeps one ordered partition per topic) */
async function drained(topic: string, key = 'marker') {
  const marker = envelope('TestMarker', key, 't', {});
  await publish(topic, marker);
  await expect.poll(() => handled.has(marker.id), poll).toBe(true);
}
const mailsTo = async (to: string, tag?: string) => t.mails({ to, ...(tag && { tag }) });
const invited = (overrides: Partial<EmployeeInvitedData> = {}): EmployeeInvitedData => ({
  employeeId: randomUUID(),
  tenantId: 't-1',
  email: `pracownik.${randomUUID()}@example.pl`,
  name: 'Jan Pracownik',
  permissions: [Permissions.cardsScan],
  companyName: 'Kawiarnia Pod Lipą',
  invitedAt: new Date().toISOString(),
  ...overrides,
});
const me = async (userId: string) => {
  const doc = await t.infra.documents
    .collection<{
      _id: string;
      status: string;
      permissions: string[];
      username: string;
      tenantId: string | null;
      clientIds: string[];
    }>('users')
    .get(userId);
  return doc;
};

async function registerActive(email: string, role: string = Roles.customer) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/register',
    headers: json,
    payload: { email, password: 'Haslo1234', username: 'Ala Kot', role, acceptTerms: true },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { token } = await t.linkToken(email, MailTags.activation);
  const act = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/activate-account',
    headers: json,
    payload: { token },
  });
  expect(act.statusCode).toBe(200);
  return res.json().userId as string;
}

describe('tenant.employees.v1', () => {
  it('EmployeeInvited creates the account once and sends one invitation, also when redelivered', async () => {
    const data = invited();
    const event = envelope('EmployeeInvited', data.employeeId, data.tenantId, data);
    await publish(Topics.tenantEmployees, event);
    await publish(Topics.tenantEmployees, event); // redelivery of the same event
    await publish(Topics.tenantEmployees, envelope('EmployeeInvited', data.employeeId, data.tenantId, data));
    await drained(Topics.tenantEmployees);

    expect(await me(data.employeeId)).toMatchObject({
      status: 'pending_activation',
      role: Roles.employee,
      tenantId: 't-1',
      permissions: [Permissions.cardsScan],
      username: 'Jan Pracownik',
    });
    const mails = await mailsTo(data.email, MailTags.employeeInvitation);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.mail.subject).toBe('Kawiarnia Pod Lipą zaprasza Cię do Punkto');
    expect(mails[0]!.mail.html).toContain('zaproszenie=pracownik');
    // no password yet: login fails like a wrong password, and no activation link is sent for such an account
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: json,
      payload: { email: data.email, password: 'Cokolwiek1' },
    });
    expect(login.json()).toMatchObject({ code: 'AUTH.INVALID_CREDENTIALS' });
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/resend-activation',
      headers: json,
      payload: { email: data.email },
    });
    expect(resend.statusCode).toBe(202);
    expect(await mailsTo(data.email, MailTags.activation)).toEqual([]);
    // the user stream: registered only once, no password usable
    const stream = await t.app.identity.readUserStream(data.employeeId);
    expect(stream.map((e) => e.type)).toEqual(['UserRegistered']);
  });

  it('an address that already has an account is not turned into an employee: nothing recorded, no e-mail', async () => {
    const email = `klientka.${randomUUID()}@example.pl`;
    const customerId = await registerActive(email);
    const data = invited({ email });
    await publish(Topics.tenantEmployees, envelope('EmployeeInvited', data.employeeId, data.tenantId, data));
    await drained(Topics.tenantEmployees);
    expect(await me(data.employeeId)).toBeNull();
    expect(await mailsTo(email, MailTags.employeeInvitation)).toEqual([]);
    expect(await me(customerId)).toMatchObject({ role: Roles.customer, tenantId: null });
  });

  it('an invitation whose personal data was shredded before publishing is skipped', async () => {
    const data = invited({ email: SHREDDED, name: SHREDDED });
    await publish(Topics.tenantEmployees, envelope('EmployeeInvited', data.employeeId, data.tenantId, data));
    await drained(Topics.tenantEmployees);
    expect(await me(data.employeeId)).toBeNull();
  });

  it('rename, permissions, one e-mail per resend / reset event, removal', async () => {
    const data = invited();
    const { employeeId, tenantId } = data;
    const send = (type: string, payload: object) => {
      const e = envelope(type, employeeId, tenantId, { employeeId, tenantId, ...payload });
      return publish(Topics.tenantEmployees, e).then(() => e);
    };
    await send('EmployeeInvited', data);
    await send('EmployeeUpdated', { name: 'Jan Nowy', updatedAt: new Date().toISOString() });
    await send('EmployeePermissionsChanged', {
      permissions: [Permissions.clientsView, Permissions.cardsScan],
      changedAt: new Date().toISOString(),
    });
    const resent = await send('EmployeeInvitationResent', {
      companyName: 'Kawiarnia Nowa',
      resentAt: new Date().toISOString(),
    });
    await publish(Topics.tenantEmployees, resent); // redelivered: no second e-mail
    await drained(Topics.tenantEmployees);
    expect(await me(employeeId)).toMatchObject({
      username: 'Jan Nowy',
      permissions: [Permissions.cardsScan, Permissions.clientsView],
    });
    const invitations = await mailsTo(data.email, MailTags.employeeInvitation);
    expect(invitations.map((m) => m.mail.subject)).toEqual([
      'Kawiarnia Nowa zaprasza Cię do Punkto',
      'Kawiarnia Pod Lipą zaprasza Cię do Punkto',
    ]);

    // the first (older) link no longer works; the newest one sets the password and activates
    const older = new URL(
      invitations[1]!.mail.text!.match(/https?:\/\/\S+token=[A-Za-z0-9_-]+\S*/)![0],
    ).searchParams.get('token');
    const rejected = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/reset-password',
      headers: json,
      payload: { token: older, newPassword: 'Haslo1234' },
    });
    expect(rejected.statusCode).toBe(400);
    const { token } = await t.linkToken(data.email, MailTags.employeeInvitation);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/reset-password',
      headers: json,
      payload: { token, newPassword: 'Haslo1234' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await me(employeeId)).toMatchObject({ status: 'active' });

    const reset = await send('EmployeePasswordResetRequested', { requestedAt: new Date().toISOString() });
    await publish(Topics.tenantEmployees, reset);
    await drained(Topics.tenantEmployees);
    expect(await mailsTo(data.email, MailTags.passwordReset)).toHaveLength(1);

    await send('EmployeeRemoved', { removedAt: new Date().toISOString() });
    await drained(Topics.tenantEmployees);
    expect(await me(employeeId)).toMatchObject({ status: 'deleted', permissions: [] });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: json,
      payload: { email: data.email, password: 'Haslo1234' },
    });
    expect(login.statusCode).toBe(401);
    const stream = await t.app.identity.readUserStream(employeeId);
    expect(stream.at(-1)).toMatchObject({ type: 'UserDeleted', data: { reason: 'employee-removed' } });
    expect(stream[0]!.data).toMatchObject({ email: SHREDDED, username: SHREDDED });
  });
});

describe('tenant.clients.v1', () => {
  type ByEmail = ClientEnrolledData & { email: string };
  const enrolled = (overrides: Partial<ByEmail> = {}): ByEmail => ({
    clientId: randomUUID(),
    tenantId: 't-2',
    programId: 'p-1',
    userId: null,
    email: `klient.${randomUUID()}@example.pl`,
    name: 'Ola Żak',
    phone: null,
    source: 'created',
    companyName: 'Barber Wąsik',
    programName: 'Strzyżenie za pieczątki',
    marketingConsent: true,
    enrolledAt: new Date().toISOString(),
    ...overrides,
  });
  const linkedIds = async (email: string) =>
    (await t.infra.documents
      .collection<{ _id: string; email: string; clientIds: string[] }>('users')
      .findOne({ email })) ?? null;

  it('a new address: a pending customer account, UserLinkedToClient, one invitation (also when redelivered)', async () => {
    const data = enrolled();
    const event = envelope('ClientEnrolled', data.clientId, data.tenantId, data);
    await publish(Topics.tenantClients, event);
    await publish(Topics.tenantClients, event);
    await drained(Topics.tenantClients);
    const account = await linkedIds(data.email);
    expect(account).toMatchObject({
      role: Roles.customer,
      status: 'pending_activation',
      clientIds: [data.clientId],
    });
    const stream = await t.app.identity.readUserStream(account!._id);
    expect(stream.map((e) => e.type)).toEqual(['UserRegistered', 'UserLinkedToClient']);
    expect(stream[1]!.data).toEqual({
      userId: account!._id,
      clientId: data.clientId,
      tenantId: 't-2',
      programId: 'p-1',
      linkedAt: expect.any(String),
    });
    expect((stream[0]!.data as { consents: unknown }).consents).toMatchObject({
      terms: null,
      marketing: { granted: true },
    });
    const mails = await mailsTo(data.email, MailTags.clientInvitation);
    expect(mails.map((m) => m.mail.subject)).toEqual([
      'Barber Wąsik zapisał(a) Cię do programu Strzyżenie za pieczątki',
    ]);
    // the link's page says it activates a customer's account (it said „konto pracownika”)
    expect(mails[0]!.mail.html).toContain('zaproszenie=klient');
  });

  it('a phone-only client (ADR 0056): no account is created or linked and nothing is sent', async () => {
    const users = t.infra.documents.collection('users');
    const before = await users.count({});
    const mailsBefore = (await t.mails({})).length;
    const data = { ...enrolled({ phone: '+48600100200' }), email: null };
    await publish(Topics.tenantClients, envelope('ClientEnrolled', data.clientId, data.tenantId, data));
    await drained(Topics.tenantClients);
    expect(await users.count({})).toBe(before);
    expect((await t.mails({})).length).toBe(mailsBefore);
  });

  it('a phone-only client given an address later: linked as if enrolled by it, one invitation', async () => {
    const { phone: _p, source: _s, userId: _u, enrolledAt, ...rest } = enrolled();
    const given = { ...rest, givenAt: enrolledAt };
    const event = envelope('ClientEmailGiven', given.clientId, given.tenantId, given);
    await publish(Topics.tenantClients, event);
    await publish(Topics.tenantClients, event);
    await drained(Topics.tenantClients);
    const account = await linkedIds(given.email);
    expect(account).toMatchObject({
      role: Roles.customer,
      status: 'pending_activation',
      clientIds: [given.clientId],
    });
    const mails = await mailsTo(given.email, MailTags.clientInvitation);
    expect(mails.map((m) => m.mail.subject)).toEqual([
      'Barber Wąsik zapisał(a) Cię do programu Strzyżenie za pieczątki',
    ]);
  });

  it('an active customer is linked and gets a notice; owners and self-enrolments are left alone', async () => {
    const email = `stala.${randomUUID()}@example.pl`;
    const customerId = await registerActive(email);
    const data = enrolled({ email, source: 'added' });
    await publish(Topics.tenantClients, envelope('ClientEnrolled', data.clientId, data.tenantId, data));

    const ownerEmail = `szef.${randomUUID()}@example.pl`;
    const ownerId = await registerActive(ownerEmail, Roles.owner);
    const forOwner = enrolled({ email: ownerEmail });
    await publish(
      Topics.tenantClients,
      envelope('ClientEnrolled', forOwner.clientId, forOwner.tenantId, forOwner),
    );
    const self = enrolled({ userId: customerId, email, source: 'self' });
    await publish(Topics.tenantClients, envelope('ClientEnrolled', self.clientId, self.tenantId, self));
    await drained(Topics.tenantClients);

    expect(await me(customerId)).toMatchObject({ clientIds: [data.clientId] });
    expect((await mailsTo(email, MailTags.clientEnrolled)).map((m) => m.mail.subject)).toEqual([
      'Dołączono Cię do programu Strzyżenie za pieczątki w Barber Wąsik',
    ]);
    expect(await mailsTo(email, MailTags.clientInvitation)).toEqual([]);
    expect(await me(ownerId)).toMatchObject({ clientIds: [] });
    expect(await mailsTo(ownerEmail, MailTags.clientEnrolled)).toEqual([]);
  });
});

describe('tenant.tenants.v1 TenantDeleted', () => {
  it("clears the owner's tenant and deletes that tenant's employees (not other tenants')", async () => {
    const ownerEmail = `wlasciciel.${randomUUID()}@example.pl`;
    const ownerId = await registerActive(ownerEmail, Roles.owner);
    const tenantId = randomUUID();
    await publish(Topics.tenantTenants, envelope('TenantCreated', tenantId, tenantId, { tenantId, ownerId }));
    const mine = invited({ tenantId });
    const theirs = invited({ tenantId: 'inna-firma' });
    for (const e of [mine, theirs])
      await publish(Topics.tenantEmployees, envelope('EmployeeInvited', e.employeeId, e.tenantId, e));
    await drained(Topics.tenantEmployees);
    await drained(Topics.tenantTenants);
    expect(await me(ownerId)).toMatchObject({ tenantId });

    const deletion = envelope('TenantDeleted', tenantId, tenantId, {
      tenantId,
      ownerId,
      deletedAt: new Date().toISOString(),
    });
    await publish(Topics.tenantTenants, deletion);
    await publish(Topics.tenantTenants, deletion);
    await drained(Topics.tenantTenants);
    expect(await me(ownerId)).toMatchObject({ tenantId: null, status: 'active' });
    expect(await me(mine.employeeId)).toMatchObject({ status: 'deleted' });
    expect(await me(theirs.employeeId)).toMatchObject({
      status: 'pending_activation',
      tenantId: 'inna-firma',
    });
    const ownerStream = await t.app.identity.readUserStream(ownerId);
    expect(ownerStream.filter((e) => e.type === 'UserTenantUnassigned')).toHaveLength(1);
  });
});

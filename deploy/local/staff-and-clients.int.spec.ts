import type { Client } from '@punkto/contracts/clients';
import type { Employee } from '@punkto/contracts/employees';
import type { Page } from '@punkto/contracts/pagination';
import { Permissions, Roles } from '@punkto/contracts/permissions';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poll, startIdentityAndTenant, tokenIn, type IdentityAndTenant } from './testing/identity-and-tenant';

/**
 * Embedded, cross-service, both directions over the shared SQLite bus (as `npm start` runs them):
 * tenant's relay publishes tenant.employees.v1 / tenant.clients.v1 (personal data unsealed, ADR 0006) →
 * identity's consumers create, update and close accounts and send e-mails; identity's relay publishes
 * identity.users.v1 (UserActivated, UserLinkedToClient) → tenant's consumer marks employees active and
 * links clients. Real apps, real adapters, the consumers and relays main.ts runs.
 */
const PUBLIC_URL = 'https://punkto.example';
let product: IdentityAndTenant;
let callTenant: IdentityAndTenant['callTenant'];
let login: IdentityAndTenant['login'];
let mailTo: IdentityAndTenant['mailTo'];
let resetPassword: IdentityAndTenant['resetPassword'];

beforeAll(async () => {
  product = await startIdentityAndTenant({ publicUrl: PUBLIC_URL });
  ({ callTenant, login, mailTo, resetPassword } = product);
});
afterAll(async () => product?.close());

describe('tenant ⇄ SQLite bus ⇄ identity: employees', () => {
  it('invite → invitation e-mail → password set → login with tid and perms → new perms after refresh → removed, login refused', async () => {
    const { owner, tenantId } = await product.ownerWithStampsProgram(
      'szefowa@example.pl',
      'Kawiarnia Pod Lipą',
    );
    const employeesUrl = `/api/v1/tenants/${tenantId}/employees`;
    const invited = await callTenant(owner.access, 'POST', employeesUrl, {
      email: 'barista@example.pl',
      name: 'Bartek Barista',
      permissions: [Permissions.cardsScan, Permissions.cardsAward],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const employee = invited.json() as Employee;

    // identity created the account (user id = employee id) and sent the invitation
    const invitation = await mailTo('barista@example.pl', 'employee-invitation');
    expect(invitation.subject).toBe('Kawiarnia Pod Lipą zaprasza Cię do Punkto');
    expect(invitation.text).toContain('Link jest ważny przez 7 dni');
    const link = tokenIn(invitation.text);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/reset-hasla`);
    expect(link.searchParams.get('zaproszenie')).toBe('pracownik');
    // no password yet: nobody can log in
    expect((await login('barista@example.pl', 'Kawa12345')).statusCode).toBe(401);

    const set = await resetPassword(link.searchParams.get('token'), 'Kawa12345');
    expect(set.statusCode, set.body).toBe(200);
    const loggedIn = await login('barista@example.pl', 'Kawa12345');
    expect(loggedIn.statusCode, loggedIn.body).toBe(200);
    expect(loggedIn.json().user).toMatchObject({
      id: employee.id,
      role: Roles.employee,
      tenantId,
      permissions: [Permissions.cardsAward, Permissions.cardsScan],
    });
    const staff = product.session(loggedIn);
    expect(decodeJwt(staff.access)).toMatchObject({
      sub: employee.id,
      role: Roles.employee,
      tid: tenantId,
      perms: [Permissions.cardsAward, Permissions.cardsScan],
      name: 'Bartek Barista',
    });
    // the invitation link works once
    const reused = await resetPassword(link.searchParams.get('token'), 'Inne12345');
    expect(reused.statusCode).toBe(400);

    // identity.users.v1 UserActivated → tenant: the employee is active
    await expect
      .poll(
        async () =>
          ((await callTenant(owner.access, 'GET', employeesUrl)).json() as Page<Employee>).items[0]?.status,
        poll,
      )
      .toBe('active');

    // without clients.view the employee cannot list clients; after the owner grants it, the next token can
    const clientsUrl = `/api/v1/tenants/${tenantId}/get-clients`;
    expect((await callTenant(staff.access, 'GET', clientsUrl)).statusCode).toBe(403);
    const changed = await callTenant(owner.access, 'PATCH', `${employeesUrl}/${employee.id}/permissions`, {
      permissions: [Permissions.cardsScan, Permissions.clientsView],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expect
      .poll(async () => (await staff.refresh()).claims?.perms, poll)
      .toEqual([Permissions.cardsScan, Permissions.clientsView]);
    expect((await callTenant(staff.access, 'GET', clientsUrl)).statusCode).toBe(200);

    // the owner's token never lists permissions: owners hold all by role
    expect((await owner.refresh()).claims).toMatchObject({ role: Roles.owner, perms: [] });

    // removed: the account is closed, sessions end, login is refused
    expect((await callTenant(owner.access, 'DELETE', `${employeesUrl}/${employee.id}`)).statusCode).toBe(204);
    await expect
      .poll(async () => (await login('barista@example.pl', 'Kawa12345')).statusCode, poll)
      .toBe(401);
    expect((await staff.refresh()).status).toBe(401);
  });
});

describe('tenant ⇄ SQLite bus ⇄ identity: clients', () => {
  it('create-client → customer account + invitation → ClientAccountLinked: active with the user id; an existing customer gets a notice', async () => {
    const { owner, tenantId, programId } = await product.ownerWithStampsProgram(
      'barber@example.pl',
      'Barber Wąsik',
    );
    const created = await callTenant(owner.access, 'POST', `/api/v1/tenants/${tenantId}/create-client`, {
      email: 'ola@example.pl',
      name: 'Ola Żak',
      phone: '600100200',
      programId,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { clientId } = created.json() as { clientId: string };

    const invitation = await mailTo('ola@example.pl', 'client-invitation');
    expect(invitation.subject).toBe('Barber Wąsik zapisał(a) Cię do programu Dziesiąta kawa gratis');
    const client = async () =>
      (
        await callTenant(owner.access, 'GET', `/api/v1/tenants/${tenantId}/clients/${clientId}`)
      ).json() as Client;
    await expect.poll(async () => (await client()).status, poll).toBe('active');

    // the linked user id is the customer account identity created: she sets a password and logs in
    const set = await resetPassword(tokenIn(invitation.text).searchParams.get('token'), 'Punkty123');
    expect(set.statusCode, set.body).toBe(200);
    const customer = await login('ola@example.pl', 'Punkty123');
    expect(customer.statusCode, customer.body).toBe(200);
    expect(customer.json().user).toMatchObject({ role: Roles.customer, username: 'Ola Żak', tenantId: null });
    expect((await client()).userId).toBe(customer.json().user.id);

    // another company adds the same (now active) customer by e-mail: linked to the same account, a notice
    const other = await product.ownerWithStampsProgram('druga@example.pl', 'Pracownia Róż');
    const added = await callTenant(
      other.owner.access,
      'PATCH',
      `/api/v1/tenants/${other.tenantId}/add-client`,
      {
        email: 'ola@example.pl',
        programId: other.programId,
      },
    );
    expect(added.statusCode, added.body).toBe(200);
    const notice = await mailTo('ola@example.pl', 'client-enrolled');
    expect(notice.subject).toBe('Dołączono Cię do programu Dziesiąta kawa gratis w Pracownia Róż');
    const addedId = (added.json() as { clientId: string }).clientId;
    await expect
      .poll(
        async () =>
          (
            (
              await callTenant(
                other.owner.access,
                'GET',
                `/api/v1/tenants/${other.tenantId}/clients/${addedId}`,
              )
            ).json() as Client
          ).userId,
        poll,
      )
      .toBe(customer.json().user.id);
  });
});

describe('tenant deleted', () => {
  it("frees the owner to create a new company and closes the employees' accounts", async () => {
    const { owner, tenantId } = await product.ownerWithStampsProgram(
      'zamyka@example.pl',
      'Zamykamy Sp z o o',
    );
    const invited = await callTenant(owner.access, 'POST', `/api/v1/tenants/${tenantId}/employees`, {
      email: 'zostaje.bez.pracy@example.pl',
      name: 'Jan Pracownik',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const invitation = await mailTo('zostaje.bez.pracy@example.pl', 'employee-invitation');
    const set = await resetPassword(tokenIn(invitation.text).searchParams.get('token'), 'Praca1234');
    expect(set.statusCode).toBe(200);
    expect((await login('zostaje.bez.pracy@example.pl', 'Praca1234')).statusCode).toBe(200);

    const deleted = await callTenant(owner.access, 'DELETE', '/api/v1/tenants/delete-tenant', {
      confirmCompanyName: 'zamykamy sp z o o',
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    await expect.poll(async () => (await owner.refresh()).claims?.tid ?? null, poll).toBeNull();
    await expect
      .poll(async () => (await login('zostaje.bez.pracy@example.pl', 'Praca1234')).statusCode, poll)
      .toBe(401);
  });
});

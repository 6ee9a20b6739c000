import { EmployeeErrors, type Employee } from '@punkto/contracts/employees';
import { PERMISSION_DENIED_MESSAGE } from '@punkto/contracts/errors';
import type { Page } from '@punkto/contracts/pagination';
import { Permissions, Roles } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { documentPersonKeys } from '@punkto/platform/privacy/person-keys';
import { piiEventStore, SHREDDED } from '@punkto/platform/privacy/pii-event-store';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantTestApp, steppingClock, type TenantTestApp } from '../testing/tenant-test-app';
import { EMPLOYEE_PII_FIELDS, EMPLOYEE_STREAM_PREFIX, toEmployeeStreamId } from './employee';

let t: TenantTestApp;
beforeAll(async () => {
  t = await startTenantTestApp({ clock: steppingClock() });
  await t.startConsumers();
});
afterAll(async () => t?.close());

const url = (tenantId: string, rest = '') => `/api/v1/tenants/${tenantId}/employees${rest}`;
const invite = async (
  tenantId: string,
  token: string,
  body: { email: string; name: string; permissions?: string[] },
) => t.call(token, 'POST', url(tenantId), body);
const list = async (tenantId: string, token: string, query = '') =>
  t.call(token, 'GET', `${url(tenantId)}${query}`);
/** what the log holds and what the tenant service reads (through the employee's key) */
const rawStream = (employeeId: string) => t.infra.eventStore.readStream(toEmployeeStreamId(employeeId));
const plainStream = (employeeId: string) =>
  piiEventStore(t.infra.eventStore, documentPersonKeys(t.infra.documents), {
    streamPrefix: EMPLOYEE_STREAM_PREFIX,
    fields: EMPLOYEE_PII_FIELDS,
  }).readStream(toEmployeeStreamId(employeeId));

describe('POST /tenants/{id}/employees (invite)', () => {
  it('records EmployeeInvited with the company name, sealed in the log, and answers the new employee', async () => {
    const { tenantId, token, ownerId } = await t.ownerWithTenant({ companyName: 'Barber Wąsik' });
    const res = await invite(tenantId, token, {
      email: ' Jan.Kowalski@Example.PL ',
      name: 'Jan Kowalski',
      permissions: [Permissions.cardsScan, Permissions.cardsAward],
    });
    expect(res.statusCode, res.body).toBe(201);
    const employee = res.json() as Employee;
    expect(employee).toEqual({
      id: expect.any(String),
      tenantId,
      email: 'jan.kowalski@example.pl',
      name: 'Jan Kowalski',
      permissions: [Permissions.cardsAward, Permissions.cardsScan],
      status: 'invited',
      invitedAt: expect.any(String),
      activatedAt: null,
    });

    const [raw] = await rawStream(employee.id);
    expect(raw).toMatchObject({ type: 'EmployeeInvited', metadata: { tenantId, actorId: ownerId } });
    expect(JSON.stringify(raw!.data)).not.toContain('kowalski');
    expect((raw!.data as { email: string }).email).toMatch(/^pii:v1:/);
    const [plain] = await plainStream(employee.id);
    expect(plain!.data).toEqual({
      employeeId: employee.id,
      tenantId,
      email: 'jan.kowalski@example.pl',
      name: 'Jan Kowalski',
      permissions: [Permissions.cardsAward, Permissions.cardsScan],
      companyName: 'Barber Wąsik',
      invitedAt: employee.invitedAt,
    });
  });

  it('one address per tenant: 409 EMPLOYEE.EMAIL_TAKEN in Polish; another tenant may invite it', async () => {
    const a = await t.ownerWithTenant();
    const b = await t.ownerWithTenant();
    const body = { email: 'ewa@example.pl', name: 'Ewa Nowak' };
    expect((await invite(a.tenantId, a.token, body)).statusCode).toBe(201);
    const again = await invite(a.tenantId, a.token, { ...body, email: 'EWA@example.pl', name: 'Ewa N' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: EmployeeErrors.emailTaken.code,
      localizedMessage: EmployeeErrors.emailTaken.message,
    });
    expect((await invite(b.tenantId, b.token, body)).statusCode).toBe(201);
  });

  it('concurrent invitations of one address create exactly one employee', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        invite(tenantId, token, { email: 'rownolegle@example.pl', name: 'Ala Ma' }),
      ),
    );
    // one invitation; the others are duplicates (409) or, past the per-address cap of invitation e-mails
    // (ADR 0040), refused with 429 before anything is written
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 201 && s !== 409 && s !== 429)).toEqual([]);
    const page = (await list(tenantId, token)).json() as Page<Employee>;
    expect(page.totalCount).toBe(1);
  });

  it("refuses the owner's own address (owners are not employees) and bad input with the errors map", async () => {
    const { tenantId, token, caller } = await t.ownerWithTenant();
    const own = await invite(tenantId, token, { email: caller.email, name: 'Ja Sam' });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ code: 'EMPLOYEE.IS_OWNER' });
    const bad = await invite(tenantId, token, { email: 'nie-email', name: 'J', permissions: ['cards.fly'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: {
        email: ['Podaj poprawny adres e-mail.'],
        name: ['Imię i nazwisko musi mieć co najmniej 2 znaki.'],
        'permissions.0': [expect.any(String)],
      },
    });
  });
});

describe('GET /tenants/{id}/employees (paged)', () => {
  it('pages, sorts (Polish names alphabetically, by e-mail, status) and searches name + e-mail without diacritics', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    for (const [name, email] of [
      ['Żaneta Zielińska', 'zaneta@example.pl'],
      ['Łukasz Łoś', 'lukasz@example.pl'],
      ['Adam Nowak', 'adam@firma.pl'],
      ['Ćwirek Bąk', 'cwirek@example.pl'],
      ['Marta Lis', 'marta@firma.pl'],
    ])
      expect((await invite(tenantId, token, { email: email!, name: name! })).statusCode).toBe(201);

    const names = (res: { json(): unknown }) => (res.json() as Page<Employee>).items.map((e) => e.name);
    const first = await list(tenantId, token, '?pageNumber=1&pageSize=2&sortBy=name');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ pageNumber: 1, pageSize: 2, totalCount: 5, totalPages: 3 });
    expect(names(first)).toEqual(['Adam Nowak', 'Ćwirek Bąk']);
    expect(names(await list(tenantId, token, '?pageNumber=2&pageSize=2&sortBy=name'))).toEqual([
      'Łukasz Łoś',
      'Marta Lis',
    ]);
    expect(names(await list(tenantId, token, '?pageNumber=3&pageSize=2&sortBy=name'))).toEqual([
      'Żaneta Zielińska',
    ]);
    expect(names(await list(tenantId, token, '?sortBy=name&sortDescending=true'))).toEqual([
      'Żaneta Zielińska',
      'Marta Lis',
      'Łukasz Łoś',
      'Ćwirek Bąk',
      'Adam Nowak',
    ]);
    expect(names(await list(tenantId, token, '?sortBy=email'))).toEqual([
      'Adam Nowak',
      'Ćwirek Bąk',
      'Łukasz Łoś',
      'Marta Lis',
      'Żaneta Zielińska',
    ]);
    expect(names(await list(tenantId, token, '?sortBy=invitedAt&sortDescending=true'))[0]).toBe('Marta Lis');

    expect(names(await list(tenantId, token, '?searchTerm=lukasz'))).toEqual(['Łukasz Łoś']);
    expect(names(await list(tenantId, token, `?searchTerm=${encodeURIComponent('ŁOŚ')}`))).toEqual([
      'Łukasz Łoś',
    ]);
    expect(names(await list(tenantId, token, '?searchTerm=firma.pl&sortBy=name'))).toEqual([
      'Adam Nowak',
      'Marta Lis',
    ]);
    const none = await list(tenantId, token, '?searchTerm=.*');
    expect(none.json()).toMatchObject({ items: [], totalCount: 0, totalPages: 0 });
    const bad = await list(tenantId, token, '?pageSize=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { 'query.pageSize': [expect.any(String)] } });
  });
});

describe('an employee through its life', () => {
  it('rename, permissions, invitation resent, activation reported by identity, reset, removal', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const employee = (
      await invite(tenantId, token, { email: 'kasia@example.pl', name: 'Kasia Wiśniewska' })
    ).json() as Employee;
    const one = (rest: string) => url(tenantId, `/${employee.id}${rest}`);

    const renamed = await t.call(token, 'PATCH', one(''), { name: 'Katarzyna Wiśniewska' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Katarzyna Wiśniewska' });

    const perms = await t.call(token, 'PATCH', one('/permissions'), {
      permissions: [Permissions.clientsView, Permissions.cardsScan],
    });
    expect(perms.statusCode, perms.body).toBe(200);
    expect(perms.json()).toMatchObject({ permissions: [Permissions.cardsScan, Permissions.clientsView] });

    // while invited: a reset is refused, the invitation can be resent
    const reset = await t.call(token, 'POST', one('/reset-password'));
    expect(reset.statusCode).toBe(409);
    expect(reset.json()).toMatchObject({ code: EmployeeErrors.notActive.code });
    const resend = await t.call(token, 'POST', url(tenantId, '/resend-activation'), {
      employeeId: employee.id,
    });
    expect(resend.statusCode, resend.body).toBe(202);
    expect(resend.json()).toEqual({ message: expect.stringContaining('zaproszenie') });

    // identity reports the account active (identity.users.v1 UserActivated) → EmployeeActivated
    await t.publishIdentityEvent('UserActivated', employee.id, {
      userId: employee.id,
      activatedAt: '2026-03-02T09:00:00.000Z',
    });
    await expect
      .poll(async () => ((await list(tenantId, token)).json() as Page<Employee>).items[0]?.status, {
        timeout: 10_000,
      })
      .toBe('active');
    // a redelivered report (another UserActivated) decides nothing
    await t.publishIdentityEvent('UserActivated', employee.id, {
      userId: employee.id,
      activatedAt: '2026-03-02T09:00:00.000Z',
    });

    const resendAgain = await t.call(token, 'POST', url(tenantId, '/resend-activation'), {
      employeeId: employee.id,
    });
    expect(resendAgain.statusCode).toBe(409);
    expect(resendAgain.json()).toMatchObject({
      code: EmployeeErrors.alreadyActive.code,
      localizedMessage: EmployeeErrors.alreadyActive.message,
    });
    const resetNow = await t.call(token, 'POST', one('/reset-password'));
    expect(resetNow.statusCode, resetNow.body).toBe(202);

    const removed = await t.call(token, 'DELETE', one(''));
    expect(removed.statusCode, removed.body).toBe(204);
    expect(((await list(tenantId, token)).json() as Page<Employee>).totalCount).toBe(0);
    expect((await t.call(token, 'PATCH', one(''), { name: 'X Y' })).statusCode).toBe(404);
    expect((await t.call(token, 'DELETE', one(''))).json()).toMatchObject({
      code: EmployeeErrors.notFound.code,
    });

    const types = (await rawStream(employee.id)).map((e) => e.type);
    expect(types).toEqual([
      'EmployeeInvited',
      'EmployeeUpdated',
      'EmployeePermissionsChanged',
      'EmployeeInvitationResent',
      'EmployeeActivated',
      'EmployeePasswordResetRequested',
      'EmployeeRemoved',
    ]);
    // crypto-shredding: the employee's personal data in the log is unreadable for good
    const [invited] = await plainStream(employee.id);
    expect(invited!.data).toMatchObject({ email: SHREDDED, name: SHREDDED, companyName: expect.any(String) });
    // and the address is free again
    expect((await invite(tenantId, token, { email: 'kasia@example.pl', name: 'Kasia W' })).statusCode).toBe(
      201,
    );
  });

  it('publishes on tenant.employees.v1 with the personal data in plain (the log keeps it sealed)', async () => {
    const received = await t.collect(Topics.tenantEmployees);
    t.startRelay();
    const { tenantId, token } = await t.ownerWithTenant({ companyName: 'Pracownia Róż' });
    const employee = (
      await invite(tenantId, token, { email: 'piotr@example.pl', name: 'Piotr Róg' })
    ).json() as Employee;
    await expect
      .poll(() => received.find((e) => e.aggregateId === employee.id), { timeout: 10_000 })
      .toMatchObject({
        type: 'EmployeeInvited',
        tenantId,
        data: {
          employeeId: employee.id,
          email: 'piotr@example.pl',
          name: 'Piotr Róg',
          companyName: 'Pracownia Róż',
          permissions: [],
        },
      });
  });
});

describe('who may manage employees', () => {
  it("another tenant's users get 403 (SPEC §8 body, no data) on every employees route", async () => {
    const a = await t.ownerWithTenant();
    const b = await t.ownerWithTenant();
    const employee = (
      await invite(a.tenantId, a.token, { email: 'tylko.a@example.pl', name: 'Tylko A' })
    ).json() as Employee;
    const id = employee.id;
    const routes: Array<[string, string, unknown?]> = [
      ['POST', url(a.tenantId), { email: 'x@example.pl', name: 'X Y' }],
      ['GET', url(a.tenantId)],
      ['PATCH', url(a.tenantId, `/${id}`), { name: 'Z Z' }],
      ['DELETE', url(a.tenantId, `/${id}`)],
      ['POST', url(a.tenantId, `/${id}/reset-password`)],
      ['PATCH', url(a.tenantId, `/${id}/permissions`), { permissions: [] }],
      ['POST', url(a.tenantId, '/resend-activation'), { employeeId: id }],
    ];
    const staffOfB = await t.tokenFor({
      id: randomUUID(),
      role: Roles.employee,
      tid: b.tenantId,
      perms: [Permissions.employeesManage],
    });
    const customer = await t.tokenFor({ id: randomUUID(), role: Roles.customer, email: 'k@example.pl' });
    for (const [method, path, body] of routes) {
      for (const token of [b.token, staffOfB, customer]) {
        const res = await t.call(token, method as 'GET', path, body);
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.json()).toEqual({
          status: 403,
          code: 'PERMISSION_DENIED',
          localizedMessage: PERMISSION_DENIED_MESSAGE,
        });
      }
      expect((await t.call(null, method as 'GET', path, body)).statusCode).toBe(401);
    }
    expect(((await list(a.tenantId, a.token)).json() as Page<Employee>).items[0]).toMatchObject({
      id,
      name: 'Tylko A',
    });
  });

  it('an employee needs employees.manage, may grant only what they hold, and cannot change themselves', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const target = (
      await invite(tenantId, token, {
        email: 'cel@example.pl',
        name: 'Cel Zmian',
        permissions: [Permissions.billingManage],
      })
    ).json() as Employee;
    const withoutPerm = await t.tokenFor({
      id: randomUUID(),
      role: Roles.employee,
      tid: tenantId,
      perms: [Permissions.cardsScan],
    });
    expect((await list(tenantId, withoutPerm)).statusCode).toBe(403);

    const managerId = randomUUID();
    const manager = await t.tokenFor({
      id: managerId,
      role: Roles.employee,
      tid: tenantId,
      perms: [Permissions.employeesManage, Permissions.cardsScan],
    });
    expect((await list(tenantId, manager)).statusCode).toBe(200);
    const beyond = await invite(tenantId, manager, {
      email: 'nowy@example.pl',
      name: 'Nowy Ktoś',
      permissions: [Permissions.billingManage],
    });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json()).toMatchObject({
      code: 'EMPLOYEE.SELF_MANAGEMENT',
      localizedMessage: expect.stringContaining('sam posiadasz'),
    });
    expect(
      (
        await invite(tenantId, manager, {
          email: 'nowy@example.pl',
          name: 'Nowy Ktoś',
          permissions: [Permissions.cardsScan],
        })
      ).statusCode,
    ).toBe(201);
    // keeping a permission the manager lacks is not granting it; adding one is
    const keep = await t.call(manager, 'PATCH', url(tenantId, `/${target.id}/permissions`), {
      permissions: [Permissions.billingManage, Permissions.cardsScan],
    });
    expect(keep.statusCode, keep.body).toBe(200);
    const add = await t.call(manager, 'PATCH', url(tenantId, `/${target.id}/permissions`), {
      permissions: [Permissions.billingManage, Permissions.analyticsView],
    });
    expect(add.statusCode).toBe(403);
    expect(
      (await t.call(manager, 'PATCH', url(tenantId, `/${managerId}/permissions`), { permissions: [] }))
        .statusCode,
    ).toBe(403);
    expect((await t.call(manager, 'DELETE', url(tenantId, `/${managerId}`))).statusCode).toBe(403);
  });
});

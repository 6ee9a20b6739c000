import { PERMISSION_DENIED_MESSAGE } from '@punkto/contracts/errors';
import { Permissions, Roles, type Permission } from '@punkto/contracts/permissions';
import { ACCESS_COOKIE } from '@punkto/platform/http/auth-plugin';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, startTenantTestApp, type TenantTestApp } from '../testing/tenant-test-app';

/**
 * Tenant isolation (ARCHITECTURE §4, SPEC §8) for EVERY /tenants/{id} route of settings, branding, programs,
 * poster and services: a user of tenant B naming tenant A's id gets 403 PERMISSION_DENIED — never data, never
 * a change — and an employee of A lacking the route's permission gets the same 403. (The image files and
 * the program's public enrolment info are public by design and are not in this list.)
 */
let t: TenantTestApp;
let a: { tenantId: string; token: string };
let programId: string;
let serviceId: string;
let logo: Buffer;

beforeAll(async () => {
  t = await startTenantTestApp();
  a = await t.ownerWithTenant();
  const program = await t.call(a.token, 'POST', `/api/v1/tenants/${a.tenantId}/loyalty-programs`, {
    kind: 'points',
    name: 'Punkty',
    pointsPerPln: 1,
  });
  programId = program.json().id;
  const service = await t.call(a.token, 'POST', `/api/v1/tenants/${a.tenantId}/services`, {
    name: 'Kawa',
    priceGrosze: 900,
  });
  serviceId = service.json().id;
  logo = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
});
afterAll(async () => t?.close());

type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: (id: string) => string;
  /** the permission an employee needs; undefined = any member */
  permission?: Permission;
  body?: () => unknown;
  multipart?: 'Logo' | 'HeroImage';
};

const routes: Route[] = [
  { method: 'GET', path: (id) => `/api/v1/tenants/${id}` },
  {
    method: 'PATCH',
    path: (id) => `/api/v1/tenants/${id}/update-tenant`,
    permission: Permissions.tenantSettings,
    body: () => ({ companyName: 'Przejęta firma' }),
  },
  { method: 'GET', path: (id) => `/api/v1/tenants/${id}/tenant-configured` },
  { method: 'POST', path: (id) => `/api/v1/tenants/${id}/validate-tenant` },
  {
    method: 'POST',
    path: (id) => `/api/v1/tenants/${id}/upload-logo`,
    permission: Permissions.tenantSettings,
    multipart: 'Logo',
  },
  {
    method: 'POST',
    path: (id) => `/api/v1/tenants/${id}/upload-hero-image`,
    permission: Permissions.tenantSettings,
    multipart: 'HeroImage',
  },
  {
    method: 'DELETE',
    path: (id) => `/api/v1/tenants/${id}/hero-image`,
    permission: Permissions.tenantSettings,
  },
  { method: 'GET', path: (id) => `/api/v1/tenants/${id}/locations`, permission: Permissions.tenantSettings },
  {
    method: 'PUT',
    path: (id) => `/api/v1/tenants/${id}/locations`,
    permission: Permissions.tenantSettings,
    body: () => ({ locations: [{ name: 'Obcy lokal', latitude: 52.2297, longitude: 21.0122 }] }),
  },
  { method: 'GET', path: (id) => `/api/v1/tenants/${id}/loyalty-programs` },
  {
    method: 'POST',
    path: (id) => `/api/v1/tenants/${id}/loyalty-programs`,
    permission: Permissions.programsManage,
    body: () => ({ kind: 'stamps', name: 'Obcy program', stampsRequired: 5 }),
  },
  {
    method: 'PUT',
    path: (id) => `/api/v1/tenants/${id}/loyalty-programs/${programId}`,
    permission: Permissions.programsManage,
    body: () => ({ kind: 'points', name: 'Zmieniony', pointsPerPln: 2 }),
  },
  {
    method: 'DELETE',
    path: (id) => `/api/v1/tenants/${id}/loyalty-programs/${programId}`,
    permission: Permissions.programsManage,
  },
  { method: 'GET', path: (id) => `/api/v1/tenants/${id}/loyalty-programs/${programId}/poster` },
  { method: 'GET', path: (id) => `/api/v1/tenants/${id}/services` },
  {
    method: 'POST',
    path: (id) => `/api/v1/tenants/${id}/services`,
    permission: Permissions.servicesManage,
    body: () => ({ name: 'Obca usługa', priceGrosze: 1 }),
  },
  {
    method: 'PUT',
    path: (id) => `/api/v1/tenants/${id}/services/${serviceId}`,
    permission: Permissions.servicesManage,
    body: () => ({ name: 'Zmieniona', priceGrosze: 1 }),
  },
  {
    method: 'DELETE',
    path: (id) => `/api/v1/tenants/${id}/services/${serviceId}`,
    permission: Permissions.servicesManage,
  },
];

async function send(route: Route, token: string, tenantId: string) {
  if (route.multipart) {
    const { payload, headers } = multipartFile(route.multipart, 'obraz.png', 'image/png', logo);
    return t.app.inject({
      method: route.method,
      url: route.path(tenantId),
      payload,
      headers,
      cookies: { [ACCESS_COOKIE]: token },
    });
  }
  return t.call(token, route.method, route.path(tenantId), route.body?.());
}

const deniedBody = { code: 'PERMISSION_DENIED', localizedMessage: PERMISSION_DENIED_MESSAGE, status: 403 };
const name = (r: Route) =>
  `${r.method} ${r.path('{id}').replace(programId, '{programId}').replace(serviceId, '{serviceId}')}`;

describe('cross-tenant access', () => {
  it.each(routes.map((r) => [name(r), r] as const))(
    '%s → 403 for the owner of another tenant',
    async (_n, route) => {
      const b = await t.ownerWithTenant({ companyName: 'Inna Firma' });
      const res = await send(route, b.token, a.tenantId);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject(deniedBody);
      expect(res.body).not.toContain('Kawiarnia');
      // an employee of B with every permission fares no better
      const employeeB = await t.tokenFor({
        id: randomUUID(),
        role: Roles.employee,
        tid: b.tenantId,
        perms: Object.values(Permissions),
      });
      expect((await send(route, employeeB, a.tenantId)).json()).toMatchObject(deniedBody);
    },
  );

  it('changed nothing in tenant A', async () => {
    const tenant = (await t.call(a.token, 'GET', `/api/v1/tenants/${a.tenantId}`)).json();
    expect(tenant).toMatchObject({ companyName: 'Kawiarnia Pod Lipą', logo: null, heroImage: null });
    const programs = (await t.call(a.token, 'GET', `/api/v1/tenants/${a.tenantId}/loyalty-programs`)).json();
    expect(programs.items.map((p: { name: string }) => p.name)).toEqual(['Punkty']);
    const services = (await t.call(a.token, 'GET', `/api/v1/tenants/${a.tenantId}/services`)).json();
    expect(services.items.map((s: { name: string }) => s.name)).toEqual(['Kawa']);
    const locations = (await t.call(a.token, 'GET', `/api/v1/tenants/${a.tenantId}/locations`)).json();
    expect(locations).toEqual({ locations: [] });
  });
});

describe('employee permissions', () => {
  const guarded = routes.filter((r) => r.permission);
  it.each(guarded.map((r) => [name(r), r] as const))(
    '%s → 403 for an employee holding every permission but the one it needs',
    async (_n, route) => {
      const others = Object.values(Permissions).filter((p) => p !== route.permission);
      const employee = await t.tokenFor({
        id: randomUUID(),
        role: Roles.employee,
        tid: a.tenantId,
        perms: others,
      });
      const res = await send(route, employee, a.tenantId);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject(deniedBody);
    },
  );

  it('a customer is refused everywhere', async () => {
    const customer = await t.tokenFor({ id: randomUUID(), role: Roles.customer });
    for (const route of routes)
      expect((await send(route, customer, a.tenantId)).statusCode, name(route)).toBe(403);
  });
});

import { describe, expect, it } from 'vitest';
import { allEndpoints } from './endpoints';
import { allowedMethods, nonContractRoutes, ownerOf, routeOf } from './routing';

// every call of SPEC §7 and the service that owns it (ARCHITECTURE §1)
const spec7: Array<[string, string]> = [
  ...[
    'login',
    'register',
    'me',
    'logout',
    'refresh',
    'change-password',
    'update-user',
    'get-user-preferences',
    'update-user-preferences',
    'initiate-password-reset',
    'reset-password',
    'activate-account',
    'resend-activation',
    'resend-email-confirmation',
  ].map((p): [string, string] => [`/api/v1/users/${p}`, 'identity']),
  ...[
    'create',
    '{id}',
    '{id}/update-tenant',
    '{id}/add-client',
    '{id}/upload-logo',
    '{id}/upload-hero-image',
    '{id}/hero-image',
    '{id}/tenant-configured',
    '{id}/validate-tenant',
    '{id}/get-clients',
    'delete-tenant',
    '{id}/create-client',
    '{id}/loyalty-programs',
    '{id}/loyalty-programs/p1',
    '{id}/services',
    '{id}/services/s1',
    '{id}/employees',
    '{id}/employees/e1',
    '{id}/employees/e1/reset-password',
    '{id}/employees/e1/permissions',
    '{id}/employees/resend-activation',
  ].map((p): [string, string] => [`/api/v1/tenants/${p.replace('{id}', 't1')}`, 'tenant']),
  ['/api/v1/tenants/t1/tenant-subscription', 'billing'],
  ['/api/v1/tenants/t1/tenant-payment-method', 'billing'],
  ['/api/v1/permissions', 'tenant'],
  ['/api/v1/invoices/all/t1', 'billing'],
  ['/api/v1/payments/initiate-payment', 'billing'],
  ['/api/v1/payments/o1/get-order', 'billing'],
  ['/api/v1/subscriptions/list-available-subscriptions', 'billing'],
  ['/api/v1/subscriptions/change-plan?tenantId=t1&newSubscriptionPlanId=p&isForYear=true', 'billing'],
  ['/api/v1/subscriptions/cancel?tenantId=t1', 'billing'],
  ['/api/v1/payment-methods/t1', 'billing'],
  ['/api/v1/payment-methods/add', 'billing'],
  ['/api/v1/payment-methods/remove', 'billing'],
  ['/api/v1/payment-methods/set-default', 'billing'],
  ['/api/v1/cards?cardId=c1', 'card-ledger'],
  ['/api/v1/cards/c1/points-from-amount', 'card-ledger'],
  ['/api/v1/cards/c1/stamps', 'card-ledger'],
  ['/api/v1/cards/c1/redeem-reward', 'card-ledger'],
  ['/api/v1/cards/c1/create-apple-pass/x', 'notification'],
  ['/api/v1/cards/c1/create-google-pass/x', 'notification'],
  ['/api/v1/analytics/t1?startDate=2026-01-01', 'card-ledger'],
  ['/api/v1/customers/my-cards', 'card-ledger'],
  ['/api/v1/customers/my-overview', 'card-ledger'],
  ['/api/v1/customers/my-history?pageNumber=1&pageSize=20', 'card-ledger'],
  ['/api/v1/surveys/tok', 'survey'],
  ['/api/v1/surveys/tok/respond', 'survey'],
  ['/api/v1/feedback', 'notification'],
  // the routing follows the endpoints now, so a real path of the old prefix's
  ['/api/v1/notifications/my-messages', 'notification'],
  ['/api/v1/passkit/v1/devices/d1/registrations/pass.pl.punkto.dev', 'notification'],
  ['/api/v1/google-wallet/callbacks', 'notification'],
];

describe('routing table', () => {
  it.each(spec7)('%s → %s', (path, service) => expect(ownerOf(path)).toBe(service));

  it.each([
    '/api/v1/maintenance/status',
    '/api/v1/unknown',
    '/api/v1/usersx/login',
    '/api/v2/users/me',
    '/healthz',
  ])('no service owns %s', (path) => expect(ownerOf(path)).toBeUndefined());
});

describe('every contract endpoint is routed to the service it names as owner', () => {
  const concrete = (path: string) => path.replace(/\{\w+\}/g, 'x1');
  const api = allEndpoints.filter((e) => e.path.startsWith('/api/v1/'));
  const outside = allEndpoints.filter((e) => !e.path.startsWith('/api/v1/'));

  // no route: the gateway answers it itself (maintenance status)
  it.each(api.map((e) => [`${e.method} ${e.path}`, e] as const))('%s', (_, endpoint) =>
    expect(ownerOf(concrete(endpoint.path)) ?? 'gateway').toBe(endpoint.owner),
  );

  it.each(allEndpoints.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s resolves with its own method to its owner',
    (_, endpoint) =>
      expect(routeOf(endpoint.method, concrete(endpoint.path)) ?? 'gateway').toBe(endpoint.owner),
  );

  it.each(outside.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s (outside /api/v1: the gateway itself, or its owner by the contract)',
    (_, endpoint) => expect(ownerOf(endpoint.path) ?? 'gateway').toBe(endpoint.owner),
  );

  it('covers the whole API', () => expect(api.length).toBeGreaterThan(60));
});

describe('routes that are no contract endpoint', () => {
  it.each(nonContractRoutes.map((r) => [r.path, r] as const))('%s says why', (_, route) =>
    expect(route.reason.length).toBeGreaterThan(20),
  );

  it('a known path with another method still has its owner (who answers 405), and says which methods', () => {
    expect(routeOf('DELETE', '/api/v1/users/login')).toBeUndefined();
    expect(ownerOf('/api/v1/users/login', 'DELETE')).toBe('identity');
    expect(allowedMethods('/api/v1/users/login')).toEqual(['POST']);
  });

  it('HEAD goes where GET goes', () =>
    expect(routeOf('HEAD', '/api/v1/customers/my-cards')).toBe('card-ledger'));
});

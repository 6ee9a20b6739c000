import { defineEndpoint } from '../endpoint';
import { TenantConfiguredResponse } from '../tenant-configured';
import { TenantResponse } from '../tenant-view';
import { inOwnTenant } from './tenant-scope';

// What the panel asks before its first screen: the business guard's two calls (web: features/auth/api/
// tenant-setup.ts) and the company its frame shows. A module of their own so that the app's start-up code needs
// none of the other tenant endpoints (nor their request rules); endpoints/tenant.ts re-exports them.

export const tenantConfigured = defineEndpoint({
  ...inOwnTenant('tenant'),
  method: 'get',
  path: '/api/v1/tenants/{id}/tenant-configured',
  summary: 'Czy firma jest skonfigurowana: dane firmy z adresem i co najmniej jeden aktywny program',
  tags: ['tenants'],
  auth: 'authenticated',
  response: TenantConfiguredResponse,
});

export const validateTenant = defineEndpoint({
  ...inOwnTenant('tenant'),
  method: 'post',
  path: '/api/v1/tenants/{id}/validate-tenant',
  summary: 'Ponowne sprawdzenie konfiguracji firmy (z listą brakujących elementów)',
  tags: ['tenants'],
  auth: 'authenticated',
  response: TenantConfiguredResponse,
});

export const getTenant = defineEndpoint({
  ...inOwnTenant('tenant'),
  method: 'get',
  path: '/api/v1/tenants/{id}',
  summary: 'Dane firmy (tylko dla jej właściciela i pracowników)',
  tags: ['tenants'],
  auth: 'authenticated',
  response: TenantResponse,
});

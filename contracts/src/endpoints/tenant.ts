import { defineEndpoint } from '../endpoint';
import { PermissionCatalogueResponse } from '../permissions';
import { CreateTenantRequest, CreateTenantResponse, TenantIdParams, TenantResponse } from '../tenant';

export const getPermissions = defineEndpoint({
  method: 'get',
  path: '/api/v1/permissions',
  owner: 'tenant',
  summary: 'Katalog uprawnień pracowników z polskimi etykietami',
  tags: ['employees'],
  auth: 'authenticated',
  response: PermissionCatalogueResponse,
});

export const createTenant = defineEndpoint({
  method: 'post',
  path: '/api/v1/tenants/create',
  owner: 'tenant',
  summary: 'Rejestracja firmy przez właściciela (jedna firma na konto; następny token niesie `tid`)',
  tags: ['tenants'],
  auth: 'business_owner',
  body: CreateTenantRequest,
  response: CreateTenantResponse,
  successStatus: 201,
});

export const getTenant = defineEndpoint({
  method: 'get',
  path: '/api/v1/tenants/{id}',
  owner: 'tenant',
  summary: 'Dane firmy (tylko dla jej właściciela i pracowników)',
  tags: ['tenants'],
  auth: 'authenticated',
  params: TenantIdParams,
  response: TenantResponse,
});

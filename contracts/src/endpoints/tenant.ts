import { defineEndpoint } from '../endpoint';
import { PermissionCatalogueResponse } from '../permissions';

export const getPermissions = defineEndpoint({
  method: 'get',
  path: '/api/v1/permissions',
  owner: 'tenant',
  summary: 'Katalog uprawnień pracowników z polskimi etykietami',
  tags: ['employees'],
  auth: 'authenticated',
  response: PermissionCatalogueResponse,
});

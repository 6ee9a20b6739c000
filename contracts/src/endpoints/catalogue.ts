import { CatalogueErrors, CatalogueService, ServiceIdParams, ServiceInput, ServiceList } from '../catalogue';
import { defineEndpoint } from '../endpoint';
import { inOwnTenant, inTenant } from './tenant-scope';

// The company's services catalogue (the scanner reads the list before its first screen): a module of its own so
// that the scanner's code needs none of the other tenant endpoints; endpoints/tenant.ts re-exports them.

export const listServices = defineEndpoint({
  ...inOwnTenant('tenant'),
  method: 'get',
  path: '/api/v1/tenants/{id}/services',
  summary: 'Katalog usług firmy',
  tags: ['services'],
  auth: 'authenticated',
  response: ServiceList,
});

export const createService = defineEndpoint({
  ...inOwnTenant('tenant'),
  method: 'post',
  path: '/api/v1/tenants/{id}/services',
  summary: 'Nowa usługa: nazwa, cena, opcjonalnie stała liczba punktów',
  tags: ['services'],
  auth: 'services.manage',
  body: ServiceInput,
  response: CatalogueService,
  successStatus: 201,
  errors: [{ status: 409, codes: [CatalogueErrors.duplicateName.code] }],
});

export const updateService = defineEndpoint({
  ...inTenant('tenant'),
  method: 'put',
  path: '/api/v1/tenants/{id}/services/{serviceId}',
  summary: 'Zmiana usługi',
  tags: ['services'],
  auth: 'services.manage',
  params: ServiceIdParams,
  body: ServiceInput,
  response: CatalogueService,
  errors: [
    { status: 404, codes: [CatalogueErrors.notFound.code] },
    { status: 409, codes: [CatalogueErrors.duplicateName.code] },
  ],
});

export const deleteService = defineEndpoint({
  ...inTenant('tenant'),
  method: 'delete',
  path: '/api/v1/tenants/{id}/services/{serviceId}',
  summary: 'Usunięcie usługi',
  tags: ['services'],
  auth: 'services.manage',
  params: ServiceIdParams,
});

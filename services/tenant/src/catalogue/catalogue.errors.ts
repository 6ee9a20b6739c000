import { CatalogueErrors } from '@punkto/contracts/catalogue';
import { domainError } from '@punkto/platform/errors/errors';

/** Catalogue's domain errors: code, status and Polish message from contracts/src/catalogue.ts. */

/** 404: unknown, deleted, or another tenant's service (never confirm that it exists). */
export const ServiceNotFoundError = domainError('ServiceNotFoundError', CatalogueErrors.notFound);
/** 409: another (not deleted) service of the tenant already has this name. */
export const DuplicateServiceNameError = domainError(
  'DuplicateServiceNameError',
  CatalogueErrors.duplicateName,
);

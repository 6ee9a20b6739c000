import { CatalogueErrors } from '@punkto/contracts/catalogue';
import { ConflictError, NotFoundError } from '@punkto/platform/errors/errors';

/** Catalogue's domain errors: stable codes and Polish messages from contracts/src/catalogue.ts. */

/** 404: unknown, deleted, or another tenant's service (never confirm that it exists). */
export class ServiceNotFoundError extends NotFoundError {
  constructor() {
    super(CatalogueErrors.notFound.message, CatalogueErrors.notFound.code);
  }
}

/** 409: another (not deleted) service of the tenant already has this name. */
export class DuplicateServiceNameError extends ConflictError {
  constructor() {
    super(CatalogueErrors.duplicateName.message, CatalogueErrors.duplicateName.code);
  }
}

import { TenantErrors } from '@punkto/contracts/tenant';
import { ConflictError, NotFoundError } from '@punkto/platform/errors/errors';

/** Tenant's domain errors: stable codes and Polish messages from contracts/src/tenant.ts. */

export class OwnerAlreadyHasTenantError extends ConflictError {
  constructor() {
    super(TenantErrors.ownerAlreadyHasTenant.message, TenantErrors.ownerAlreadyHasTenant.code);
  }
}

export class TenantAlreadyExistsError extends ConflictError {
  constructor() {
    super(TenantErrors.alreadyExists.message, TenantErrors.alreadyExists.code);
  }
}

export class TenantNotFoundError extends NotFoundError {
  constructor() {
    super(TenantErrors.notFound.message, TenantErrors.notFound.code);
  }
}

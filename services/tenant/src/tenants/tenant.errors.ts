import { TenantErrors } from '@punkto/contracts/tenant';
import { AppError, ConflictError, NotFoundError, ValidationError } from '@punkto/platform/errors/errors';

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

/**
 * 410 Gone: a command reached a tenant that was deleted. Reads of a deleted tenant answer 404
 * (TenantNotFoundError) — the company no longer exists for anybody — while a change attempt (a stale
 * token still naming the tenant, a second tab) learns WHY it cannot proceed.
 */
export class TenantDeletedError extends AppError {
  constructor() {
    super(410, TenantErrors.deleted.code, TenantErrors.deleted.message);
  }
}

/** 400 with the errors map on `confirmCompanyName`: the typed name is not the company's name. */
export class DeleteConfirmationError extends ValidationError {
  constructor() {
    super({ confirmCompanyName: [TenantErrors.deleteConfirmation.message] });
  }
}

/** 404: DELETE hero-image when there is none. */
export class NoHeroImageError extends NotFoundError {
  constructor() {
    super(TenantErrors.noHeroImage.message, TenantErrors.noHeroImage.code);
  }
}

/** 409: another active company has this NIP; a chain runs its branches in one account (ADR 0035). */
export class NipTakenError extends ConflictError {
  constructor() {
    super(TenantErrors.nipTaken.message, TenantErrors.nipTaken.code);
  }
}

/** 400 with the errors map on `nip`: the VAT-payer registry does not list the NIP (ADR 0035). */
export class NipNotInVatRegistryError extends ValidationError {
  constructor() {
    super({ nip: [TenantErrors.nipNotInVatRegistry.message] });
  }
}

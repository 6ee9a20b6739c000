import { TenantErrors } from '@punkto/contracts/tenant';
import { domainError, ValidationError } from '@punkto/platform/errors/errors';

/** Tenant's domain errors: code, status and Polish message from contracts/src/tenant.ts. */

export const OwnerAlreadyHasTenantError = domainError(
  'OwnerAlreadyHasTenantError',
  TenantErrors.ownerAlreadyHasTenant,
);
export const TenantAlreadyExistsError = domainError('TenantAlreadyExistsError', TenantErrors.alreadyExists);
export const TenantNotFoundError = domainError('TenantNotFoundError', TenantErrors.notFound);
/**
 * 410 Gone: a command reached a tenant that was deleted. Reads of a deleted tenant answer 404
 * (TenantNotFoundError) — the company no longer exists for anybody — while a change attempt (a stale
 * token still naming the tenant, a second tab) learns WHY it cannot proceed.
 */
export const TenantDeletedError = domainError('TenantDeletedError', TenantErrors.deleted);
/** 404: DELETE hero-image when there is none. */
export const NoHeroImageError = domainError('NoHeroImageError', TenantErrors.noHeroImage);
/** 409: another active company has this NIP; a chain runs its branches in one account (ADR 0035). */
export const NipTakenError = domainError('NipTakenError', TenantErrors.nipTaken);

/** 400 with the errors map on `confirmCompanyName`: the typed name is not the company's name. */
export class DeleteConfirmationError extends ValidationError {
  constructor() {
    super({ confirmCompanyName: [TenantErrors.deleteConfirmation.message] });
  }
}

/** 400 with the errors map on `nip`: the VAT-payer registry does not list the NIP (ADR 0035). */
export class NipNotInVatRegistryError extends ValidationError {
  constructor() {
    super({ nip: [TenantErrors.nipNotInVatRegistry.message] });
  }
}

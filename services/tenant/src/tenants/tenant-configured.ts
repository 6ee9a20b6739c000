import { isValidNip, type TenantConfiguredResponse } from '@punkto/contracts/tenant';
import type { TenantData } from './tenant';

/** Polish texts of what a tenant still lacks, shown on the account-completion screen. */
export const ConfiguredMessages = {
  companyData: 'Uzupełnij dane firmy: nazwę i NIP.',
  address: 'Uzupełnij adres firmy.',
  activeProgram: 'Utwórz co najmniej jeden aktywny program lojalnościowy.',
} as const;

/**
 * "Configured" (SPEC §4 tenant guard), pure: the company data is complete (a name and a valid NIP — always
 * true after creation, checked anyway), the address is filled in, AND the tenant has at least one ACTIVE,
 * not deleted loyalty program. `missing` lists what is not there yet, in this order.
 */
export function tenantConfigured(
  tenant: Pick<TenantData, 'companyName' | 'nip' | 'address'>,
  activePrograms: number,
): TenantConfiguredResponse {
  const missing: TenantConfiguredResponse['missing'] = [];
  if (tenant.companyName.trim().length < 2 || !isValidNip(tenant.nip))
    missing.push({ key: 'companyData', message: ConfiguredMessages.companyData });
  if (!tenant.address) missing.push({ key: 'address', message: ConfiguredMessages.address });
  if (activePrograms < 1) missing.push({ key: 'activeProgram', message: ConfiguredMessages.activeProgram });
  return { configured: missing.length === 0, missing };
}

import type { TenantConfiguredResponse } from '@punkto/contracts/tenant';

/** The wizard's steps: 0 company (name + NIP), 1 address and contact, 2 first loyalty program. */
export type SetupStep = 0 | 1 | 2;

/**
 * Where an owner starts /uzupelnij-konto: without a company at step 0; with one, at the first step the tenant
 * service reports missing; 'done' when nothing is missing.
 */
export function setupStepOf(
  tenantId: string | null,
  configured: Pick<TenantConfiguredResponse, 'configured' | 'missing'> | undefined,
): SetupStep | 'done' | 'loading' {
  if (!tenantId) return 0;
  if (!configured) return 'loading';
  const missing = new Set(configured.missing.map((m) => m.key));
  if (missing.has('companyData')) return 1; // the company exists; its data is edited with the address
  if (missing.has('address')) return 1;
  if (missing.has('activeProgram')) return 2;
  return configured.configured ? 'done' : 2;
}

import { DEFAULT_EXPIRY_SETTINGS, type ExpirySettings } from '@punkto/contracts/expiry';
import { NotFoundError } from '@punkto/platform/errors/errors';
import type { CardLedger } from '../cards/card-ledger';

/** The company's expiry setting of a program (ADR 0062): read and saved from the program's edit page. */
export type ExpirySettingsDeps = Pick<CardLedger, 'programs' | 'clock' | 'expiry'>;

/** the program of this company (a deleted one, or another company's, is not found) */
async function programOf(deps: ExpirySettingsDeps, tenantId: string, programId: string) {
  const copy = await deps.programs.get(programId);
  if (!copy.data || copy.deleted || copy.data.tenantId !== tenantId)
    throw new NotFoundError('Nie znaleziono programu.');
  return copy.data;
}

/**
 * The program's setting. A program this service has not heard of yet (just created: its ProgramDefined is on its
 * way over the bus) reads as off, so its edit page opens; another company's or a deleted one is 404.
 */
export async function expirySettings(deps: ExpirySettingsDeps, tenantId: string, programId: string) {
  const copy = await deps.programs.get(programId);
  if (!copy.data && !copy.deleted) return DEFAULT_EXPIRY_SETTINGS;
  await programOf(deps, tenantId, programId);
  return deps.expiry.settingsOf(programId);
}

/** Saves the setting; it takes effect at the next nightly sweep (00:10 Warsaw time). */
export async function saveExpirySettings(
  deps: ExpirySettingsDeps,
  tenantId: string,
  programId: string,
  settings: ExpirySettings,
): Promise<ExpirySettings> {
  await programOf(deps, tenantId, programId);
  await deps.expiry.save(tenantId, programId, settings, deps.clock());
  return settings;
}

import { DEFAULT_EXPIRY_SETTINGS, type ExpirySettings } from '@punkto/contracts/expiry';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';

/**
 * `expiry_settings` (ADR 0062): the company's expiry setting per program, `_id` = programId; no document = off.
 * The nightly sweep reads the programs with expiry on by the `mode` index. The card views (staff and customer,
 * after every award too) read a copy kept here for CACHE_MS, so an award costs no extra read; a setting saved on
 * another instance shows in its views within that time (the sweep always reads the store).
 */
export type ExpirySettingsDoc = ExpirySettings & { _id: string; tenantId: string; changedAt: string };

const CACHE_MS = 60_000;
const CACHE_MAX = 10_000;

export function expiryStore(documents: DocumentStore, clock: () => Date) {
  const settings = documents.collection<ExpirySettingsDoc>('expiry_settings');
  const cache = new Map<string, { value: ExpirySettings; until: number }>();
  const remember = (programId: string, value: ExpirySettings) => {
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(programId, { value, until: clock().getTime() + CACHE_MS });
    return value;
  };
  return {
    ensureIndexes: () => settings.ensureIndex({ fields: { mode: 1 } }),
    async settingsOf(programId: string): Promise<ExpirySettings> {
      const doc = await settings.get(programId);
      return remember(programId, doc ? { mode: doc.mode, months: doc.months } : DEFAULT_EXPIRY_SETTINGS);
    },
    /** the setting as the card views show it (the copy, at most CACHE_MS old) */
    async shownOf(programId: string): Promise<ExpirySettings> {
      const kept = cache.get(programId);
      if (kept && kept.until > clock().getTime()) return kept.value;
      return this.settingsOf(programId);
    },
    async save(tenantId: string, programId: string, value: ExpirySettings, at: Date) {
      await settings.upsert({ _id: programId, tenantId, ...value, changedAt: at.toISOString() });
      remember(programId, value);
    },
    /** the programs with expiry on */
    on: () => settings.find({ mode: { $in: ['inactivity', 'after_earning'] } }),
  };
}

export type ExpiryStore = ReturnType<typeof expiryStore>;

import { DEFAULT_EXPIRY_SETTINGS, type ExpirySettings } from '@punkto/contracts/expiry';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';

/**
 * `expiry_settings` (ADR 0062): the company's expiry setting per program, `_id` = programId; no document = off.
 * The nightly sweep reads the programs with expiry on by the `mode` index.
 */
export type ExpirySettingsDoc = ExpirySettings & { _id: string; tenantId: string; changedAt: string };

export async function expiryStore(documents: DocumentStore) {
  const settings = documents.collection<ExpirySettingsDoc>('expiry_settings');
  await settings.ensureIndex({ fields: { mode: 1 } });
  return {
    async settingsOf(programId: string): Promise<ExpirySettings> {
      const doc = await settings.get(programId);
      return doc ? { mode: doc.mode, months: doc.months } : DEFAULT_EXPIRY_SETTINGS;
    },
    async save(tenantId: string, programId: string, value: ExpirySettings, at: Date) {
      await settings.upsert({ _id: programId, tenantId, ...value, changedAt: at.toISOString() });
    },
    /** the programs with expiry on */
    on: () => settings.find({ mode: { $in: ['inactivity', 'after_earning'] } }),
  };
}

export type ExpiryStore = Awaited<ReturnType<typeof expiryStore>>;

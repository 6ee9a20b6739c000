import { DEFAULT_EXPIRY_SETTINGS, type ExpirySettings } from '@punkto/contracts/expiry';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { LRUCache } from 'lru-cache';

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
  // aged by the store's clock (a test that moves the clock ages the copies too), read at every look-up
  // (ttlResolution 0: lru-cache otherwise keeps one reading for a millisecond, missing a clock moved within it)
  const cache = new LRUCache<string, ExpirySettings>({
    max: CACHE_MAX,
    ttl: CACHE_MS,
    ttlResolution: 0,
    perf: { now: () => clock().getTime() },
  });
  const remember = (programId: string, value: ExpirySettings) => {
    cache.set(programId, value);
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
      return cache.get(programId) ?? this.settingsOf(programId);
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

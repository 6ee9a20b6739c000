import type { Collection, DocumentStore } from '@punkto/platform/documents/document-store.port';
import { ConcurrencyError, DuplicateKeyError } from '@punkto/platform/errors/errors';
import { isLostRace, retryLostRace } from '@punkto/platform/errors/lost-race';
import { NipTakenError } from './tenant.errors';
import type { TenantRecord, TenantRecordDoc } from './tenants.projection';

type NipReservation = { _id: string; tenantId: string; reservedAt: string };

export const NIP_RESERVATIONS_COLLECTION = 'tenant_nips';

/** a creation still in progress holds its NIP this long; one older than that was abandoned (a crash) */
const CREATION_HOLDS_MS = 15 * 60_000;

/**
 * "One active company per NIP" (ADR 0035), race-free across instances: one document per NIP, `_id` = the NIP
 * (10 digits, as the contract normalised it), naming the tenant that holds it. The store's unique `_id` lets
 * exactly one of two concurrent reservations of a NIP in; the other reads the winner and is refused with 409
 * TENANT.NIP_TAKEN.
 *
 * A reservation is released when its company is deleted or moves to another NIP. A release a crash skipped
 * leaves a STALE reservation, which the next reservation of the NIP takes over (an expected-revision update,
 * so two takers cannot both win): one whose tenant is deleted, unknown, no longer has that NIP, or is a
 * creation abandoned more than 15 minutes ago. Companies created before reservations existed hold their NIP
 * only in the `tenants` read model; they are found there (index on `nip`) and get their reservation then.
 */
export function nipReservations(
  documents: DocumentStore,
  tenants: Collection<TenantRecordDoc>,
  clock: () => Date,
) {
  const reservations = documents.collection<NipReservation>(NIP_RESERVATIONS_COLLECTION);

  /** does this tenant really hold the NIP (or is it still being created with it)? */
  async function holds(tenantId: string, nip: string): Promise<boolean> {
    const holder = (await tenants.get(tenantId)) as TenantRecord | null;
    if (!holder || holder.nip !== nip) return false;
    if (holder.status === 'active') return true;
    if (holder.status !== 'creating') return false;
    return clock().getTime() - Date.parse(holder.createdAt) < CREATION_HOLDS_MS;
  }

  /** an active company from before reservations existed with this NIP, given its reservation now */
  async function legacyHolder(nip: string, tenantId: string): Promise<boolean> {
    const holder = (await tenants.findOne({ nip, status: 'active' })) as
      (TenantRecord & { _id: string }) | null;
    if (!holder || holder.tenantId === tenantId) return false;
    await reservations
      .insert({ _id: nip, tenantId: holder.tenantId, reservedAt: clock().toISOString() })
      .catch((error: unknown) => {
        if (!(error instanceof DuplicateKeyError)) throw error;
      });
    return true;
  }

  return {
    /** reserves `nip` for the tenant (idempotent); 409 TENANT.NIP_TAKEN when another company holds it */
    async reserve(nip: string, tenantId: string): Promise<void> {
      const attempt = async () => {
        const existing = await reservations.get(nip);
        if (!existing) {
          if (await legacyHolder(nip, tenantId)) throw new NipTakenError();
          await reservations.insert({ _id: nip, tenantId, reservedAt: clock().toISOString() });
          return;
        }
        if (existing.tenantId === tenantId) return;
        if (await holds(existing.tenantId, nip)) throw new NipTakenError();
        const takeover = { _id: nip, tenantId, reservedAt: clock().toISOString() };
        await reservations.update(takeover, { expectedRevision: existing._rev });
      };
      // somebody reserved or took it over meanwhile: read again; a NIP this contested is somebody else's
      await retryLostRace(attempt, { maxAttempts: 10 }).catch((error: unknown) => {
        throw isLostRace(error) ? new NipTakenError() : error;
      });
    },

    /** frees `nip` if this tenant holds its reservation (after deletion, a NIP change, a failed creation) */
    async release(nip: string, tenantId: string): Promise<void> {
      const existing = await reservations.get(nip);
      if (existing?.tenantId !== tenantId) return;
      await reservations.delete(nip, { expectedRevision: existing._rev }).catch((error: unknown) => {
        if (!(error instanceof ConcurrencyError)) throw error;
      });
    },
  };
}
export type NipReservations = ReturnType<typeof nipReservations>;

import type { Collection, DocumentStore } from '@punkto/platform/documents/document-store.port';
import { ConcurrencyError } from '@punkto/platform/errors/errors';
import { isLostRace, retryLostRace } from '@punkto/platform/errors/lost-race';
import { DuplicateServiceNameError } from './catalogue.errors';

/**
 * "One name per tenant" for catalogue services, across aggregates and concurrent requests: a CLAIM document
 * `service_names/<tenantId>:<normalised name>` → serviceId is inserted BEFORE the command that gives a
 * service the name (the document store's `_id` uniqueness decides the race) and released after the
 * service is renamed or deleted.
 *
 * A claim can outlive its reason (a crash between claim and command, or between command and release).
 * A conflicting claim therefore only counts while `holds(claim)` says the claimed service really has that
 * name now, or while the claim is young (a creation or rename in flight); otherwise it is taken over.
 */
export interface NameClaim {
  _id: string;
  tenantId: string;
  serviceId: string;
  claimedAt: string;
}

export const SERVICE_NAMES_COLLECTION = 'service_names';
/** a claim younger than this is assumed to belong to a request still in flight */
export const CLAIM_GRACE_MS = 60_000;

/** `'  Strzyżenie   męskie '` and `'strzyżenie męskie'` are the same name. */
export const normaliseServiceName = (name: string) =>
  name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('pl-PL');

export function serviceNameClaims(
  documents: DocumentStore,
  deps: {
    clock: () => Date;
    /** does the service currently carry this (normalised) name? */
    currentName: (serviceId: string) => Promise<string | null>;
  },
) {
  const claims: Collection<NameClaim> = documents.collection<NameClaim>(SERVICE_NAMES_COLLECTION);
  const idOf = (tenantId: string, name: string) => `${tenantId}:${normaliseServiceName(name)}`;

  async function holds(claim: NameClaim, name: string): Promise<boolean> {
    if (Date.parse(claim.claimedAt) > deps.clock().getTime() - CLAIM_GRACE_MS) return true;
    const current = await deps.currentName(claim.serviceId);
    return current !== null && normaliseServiceName(current) === normaliseServiceName(name);
  }

  return {
    /** Claims the name for the service; 409 SERVICE.DUPLICATE_NAME when another service holds it. */
    async claim(tenantId: string, name: string, serviceId: string): Promise<void> {
      const _id = idOf(tenantId, name);
      const fresh: NameClaim = { _id, tenantId, serviceId, claimedAt: deps.clock().toISOString() };
      const attempt = async () => {
        const existing = await claims.get(_id);
        if (!existing) {
          await claims.insert(fresh);
          return;
        }
        if (existing.serviceId === serviceId) return;
        if (await holds(existing, name)) throw new DuplicateServiceNameError();
        await claims.update(fresh, { expectedRevision: existing._rev }); // a stale claim: take it over
      };
      // somebody claimed or took it over meanwhile: read again; a name this contested is somebody else's
      await retryLostRace(attempt, { maxAttempts: 5 }).catch((error: unknown) => {
        throw isLostRace(error) ? new DuplicateServiceNameError() : error;
      });
    },

    /** Releases the service's claim on the name (no-op when another service holds it). */
    async release(tenantId: string, name: string, serviceId: string): Promise<void> {
      const existing = await claims.get(idOf(tenantId, name));
      if (!existing || existing.serviceId !== serviceId) return;
      await claims.delete(existing._id, { expectedRevision: existing._rev }).catch((error: unknown) => {
        if (!(error instanceof ConcurrencyError)) throw error;
      });
    },
  };
}

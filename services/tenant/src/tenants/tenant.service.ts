import type { TenantResponse } from '@punkto/contracts/tenant';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { commandHandler, type HandleResult } from '@punkto/platform/es/command-handler';
import { DuplicateKeyError } from '@punkto/platform/errors/errors';
import type { EventStore } from '@punkto/platform/event-store/event-store.port';
import { ProjectionGapError, readProjection } from '@punkto/platform/projections/projection';
import { randomUUID } from 'node:crypto';
import { toTenantStreamId, type TenantEvent } from './tenant';
import { tenantDecider, type CreateTenant } from './tenant.decider';
import { OwnerAlreadyHasTenantError, TenantAlreadyExistsError, TenantNotFoundError } from './tenant.errors';
import {
  ensureTenantIndexes,
  projectTenantEvents,
  rebuildTenant,
  reservation,
  TENANTS_COLLECTION,
  TENANTS_OWNER_INDEX,
  type TenantRecord,
  type TenantRecordDoc,
} from './tenants.projection';

export interface TenantServiceDeps {
  eventStore: EventStore;
  documents: DocumentStore;
  clock: () => Date;
}

/**
 * Tenant's application layer for the Tenant aggregate: the use cases behind /tenants. Every change goes
 * through the decider (generic command handler) and is projected into `tenants` right after. Events carry
 * `tenantId` in their metadata, so the relay's envelope names the tenant (tenant.tenants.v1).
 */
export async function createTenantService(deps: TenantServiceDeps) {
  const { eventStore, documents, clock } = deps;
  const handle = commandHandler(eventStore, tenantDecider);
  const tenants = documents.collection<TenantRecordDoc>(TENANTS_COLLECTION);
  await ensureTenantIndexes(tenants);

  async function project(tenantId: string, result: HandleResult<unknown, TenantEvent>) {
    const count = result.newEvents.length;
    if (!count || result.nextExpectedRevision === undefined) return;
    const first = result.nextExpectedRevision - count + 1;
    try {
      await projectTenantEvents(
        tenants,
        tenantId,
        result.newEvents.map((event, i) => ({ event, revision: first + i })),
      );
    } catch (error) {
      if (!(error instanceof ProjectionGapError)) throw error;
      // an earlier projection was lost (crash between append and projection): replay the stream
      await rebuildTenant(tenants, tenantId, await eventStore.readStream(toTenantStreamId(tenantId)));
    }
  }

  /** Inserts the owner's reservation, or reuses one a crashed attempt left behind; 409 when the owner has a tenant. */
  async function reserve(
    ownerId: string,
    record: Omit<TenantRecord, 'status' | 'tenantId'>,
  ): Promise<string> {
    const existing = await tenants.findOne({ ownerId });
    if (existing) {
      if ((existing as TenantRecord).status !== 'creating') throw new OwnerAlreadyHasTenantError();
      return existing._id;
    }
    const tenantId = randomUUID();
    try {
      await tenants.insert(reservation({ ...record, tenantId }));
      return tenantId;
    } catch (error) {
      if (error instanceof DuplicateKeyError && error.index === TENANTS_OWNER_INDEX)
        throw new OwnerAlreadyHasTenantError();
      throw error;
    }
  }

  return {
    async createTenant(ownerId: string, input: { companyName: string; nip: string }) {
      const now = clock();
      const tenantId = await reserve(ownerId, { ownerId, ...input, createdAt: now.toISOString() });
      const command: CreateTenant = {
        type: 'CreateTenant',
        data: { tenantId, ownerId, ...input },
        metadata: { now },
      };
      try {
        const result = await handle(toTenantStreamId(tenantId), command, { tenantId, actorId: ownerId });
        await project(tenantId, result);
        return { tenantId };
      } catch (error) {
        if (!(error instanceof TenantAlreadyExistsError)) throw error;
        // a concurrent or earlier attempt of this owner created it: catch the read model up, then refuse
        await rebuildTenant(tenants, tenantId, await eventStore.readStream(toTenantStreamId(tenantId)));
        throw new OwnerAlreadyHasTenantError();
      }
    },

    async getTenant(tenantId: string): Promise<TenantResponse> {
      const doc = await readProjection<TenantRecord>(tenants, tenantId);
      if (!doc || doc.status !== 'active') throw new TenantNotFoundError();
      return {
        id: doc.tenantId,
        ownerId: doc.ownerId,
        companyName: doc.companyName,
        nip: doc.nip,
        createdAt: doc.createdAt,
      };
    },
  };
}

export type TenantService = Awaited<ReturnType<typeof createTenantService>>;

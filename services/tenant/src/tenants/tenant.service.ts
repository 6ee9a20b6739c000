import type { TenantImage, TenantResponse } from '@punkto/contracts/tenant';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { projectedCommandHandler } from '@punkto/platform/es/projected-command-handler';
import { DuplicateKeyError, PermissionDeniedError } from '@punkto/platform/errors/errors';
import type { EventStore } from '@punkto/platform/event-store/event-store.port';
import { readProjection } from '@punkto/platform/projections/projection';
import { randomUUID } from 'node:crypto';
import { awardConfirmAboveOf, toTenantStreamId, type Tenant, type TenantChanges } from './tenant';
import { tenantDecider, type CreateTenant, type TenantCommand } from './tenant.decider';
import {
  OwnerAlreadyHasTenantError,
  TenantAlreadyExistsError,
  TenantDeletedError,
  TenantNotFoundError,
} from './tenant.errors';
import {
  applyTenantEvent,
  ensureTenantIndexes,
  reservation,
  TENANTS_COLLECTION,
  TENANTS_OWNER_INDEX,
  withDefaults,
  type TenantRecord,
  type TenantRecordDoc,
} from './tenants.projection';

export interface TenantServiceDeps {
  eventStore: EventStore;
  documents: DocumentStore;
  clock: () => Date;
}

export type ActiveTenantRecord = TenantRecord & { status: 'active' };

/** The API view of an active tenant (record or aggregate state). */
export function toTenantResponse(tenant: Omit<ActiveTenantRecord, 'status' | 'deletedAt'>): TenantResponse {
  return {
    id: tenant.tenantId,
    ownerId: tenant.ownerId,
    companyName: tenant.companyName,
    nip: tenant.nip,
    description: tenant.description,
    address: tenant.address,
    contact: tenant.contact,
    branding: tenant.branding,
    awardConfirmAboveGrosze: awardConfirmAboveOf(tenant),
    logo: tenant.logo,
    heroImage: tenant.heroImage,
    createdAt: tenant.createdAt,
    updatedAt: tenant.updatedAt,
  };
}

function responseOf(state: Tenant): TenantResponse {
  if (state.status !== 'active') throw new TenantNotFoundError();
  return toTenantResponse(state);
}

/**
 * Tenant's application layer for the Tenant aggregate: the use cases behind /tenants. Every change goes
 * through the decider (generic command handler) and is projected into `tenants` right after. Events carry
 * `tenantId` in their metadata, so the relay's envelope names the tenant (tenant.tenants.v1).
 */
export async function createTenantService(deps: TenantServiceDeps) {
  const { eventStore, documents, clock } = deps;
  const tenants = documents.collection<TenantRecordDoc>(TENANTS_COLLECTION);
  await ensureTenantIndexes(tenants);

  const aggregate = projectedCommandHandler({
    eventStore,
    decider: tenantDecider,
    streamId: toTenantStreamId,
    collection: tenants,
    apply: applyTenantEvent,
  });

  /** Runs a command on the tenant's stream and projects what it decided. */
  async function run(tenantId: string, actorId: string, command: TenantCommand) {
    return aggregate.run(tenantId, command, { tenantId, actorId });
  }

  /** Inserts the owner's reservation, or reuses one a crashed attempt left behind; 409 when the owner has a tenant. */
  async function reserve(
    ownerId: string,
    record: Pick<TenantRecord, 'ownerId' | 'companyName' | 'nip' | 'createdAt'>,
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

  /** The tenant's record whatever its status, or null. */
  async function findTenant(tenantId: string): Promise<TenantRecord | null> {
    const doc = await readProjection<TenantRecord>(tenants, tenantId);
    return doc ? withDefaults(doc) : null;
  }

  /** For reads: the active tenant or 404 (a deleted tenant does not exist for anybody). */
  async function activeTenant(tenantId: string): Promise<ActiveTenantRecord> {
    const record = await findTenant(tenantId);
    if (!record || record.status !== 'active') throw new TenantNotFoundError();
    return record as ActiveTenantRecord;
  }

  /** For changes under a tenant (programs, services, images): 404 when unknown, 410 when deleted. */
  async function writableTenant(tenantId: string): Promise<ActiveTenantRecord> {
    const record = await findTenant(tenantId);
    if (record?.status === 'deleted') throw new TenantDeletedError();
    if (!record || record.status !== 'active') throw new TenantNotFoundError();
    return record as ActiveTenantRecord;
  }

  return {
    findTenant,
    activeTenant,
    writableTenant,

    async createTenant(ownerId: string, input: { companyName: string; nip: string }) {
      const now = clock();
      const tenantId = await reserve(ownerId, { ownerId, ...input, createdAt: now.toISOString() });
      const command: CreateTenant = {
        type: 'CreateTenant',
        data: { tenantId, ownerId, ...input },
        metadata: { now },
      };
      try {
        await run(tenantId, ownerId, command);
        return { tenantId };
      } catch (error) {
        if (!(error instanceof TenantAlreadyExistsError)) throw error;
        // a concurrent or earlier attempt of this owner created it: catch the read model up, then refuse
        await aggregate.rebuild(tenantId);
        throw new OwnerAlreadyHasTenantError();
      }
    },

    async getTenant(tenantId: string): Promise<TenantResponse> {
      return toTenantResponse(await activeTenant(tenantId));
    },

    async updateTenant(tenantId: string, actorId: string, changes: TenantChanges) {
      const result = await run(tenantId, actorId, {
        type: 'UpdateTenant',
        data: { tenantId, changes },
        metadata: { now: clock() },
      });
      const changed = result.newEvents.flatMap((e) =>
        e.type === 'TenantUpdated' ? Object.keys(e.data.changes) : [],
      );
      return { tenant: responseOf(result.newState), changed };
    },

    async changeLogo(tenantId: string, actorId: string, logo: TenantImage): Promise<TenantResponse> {
      const result = await run(tenantId, actorId, {
        type: 'ChangeLogo',
        data: { tenantId, logo },
        metadata: { now: clock() },
      });
      return responseOf(result.newState);
    },

    async changeHeroImage(
      tenantId: string,
      actorId: string,
      heroImage: TenantImage | null,
    ): Promise<TenantResponse> {
      const result = await run(tenantId, actorId, {
        type: 'ChangeHeroImage',
        data: { tenantId, heroImage },
        metadata: { now: clock() },
      });
      return responseOf(result.newState);
    },

    /** The owner's own tenant (token `tid`); 404 when the token names none. */
    async deleteTenant(tenantId: string | undefined, actorId: string, confirmCompanyName: string) {
      if (!tenantId) throw new TenantNotFoundError();
      const record = await findTenant(tenantId);
      // `tid` of an owner's token is their own tenant; anything else is refused, never deleted
      if (record?.status === 'active' && record.ownerId !== actorId) throw new PermissionDeniedError();
      await run(tenantId, actorId, {
        type: 'DeleteTenant',
        data: { tenantId, confirmCompanyName },
        metadata: { now: clock() },
      });
    },
  };
}

export type TenantService = Awaited<ReturnType<typeof createTenantService>>;

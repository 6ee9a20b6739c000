import type { Location, LocationsResponse } from '@punkto/contracts/locations';
import type { TenantImage, TenantResponse } from '@punkto/contracts/tenant';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { projectedCommandHandler } from '@punkto/platform/es/projected-command-handler';
import { DuplicateKeyError, PermissionDeniedError } from '@punkto/platform/errors/errors';
import type { EventStore } from '@punkto/platform/event-store/event-store.port';
import type { Logger } from '@punkto/platform/observability/logger';
import { readProjection } from '@punkto/platform/projections/projection';
import { randomUUID } from 'node:crypto';
import { awardConfirmAboveOf, toTenantStreamId, type Tenant, type TenantChanges } from './tenant';
import { tenantDecider, type CreateTenant, type TenantCommand } from './tenant.decider';
import { nipReservations } from './nip-reservations';
import {
  NipNotInVatRegistryError,
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
import { OfflineVatRegistry } from './vat-registry/offline-vat-registry';
import type { VatRegistry } from './vat-registry/vat-registry.port';

export interface TenantServiceDeps {
  eventStore: EventStore;
  documents: DocumentStore;
  clock: () => Date;
  /** where a new or changed NIP is checked (ADR 0035); default: offline, the checksum only */
  vatRegistry?: VatRegistry;
  /** a NIP accepted unverified (registry unreachable) is logged here */
  logger?: Pick<Logger, 'warn'>;
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

/** the tenants' read model, NIP reservations, VAT registry and stream handler */
async function tenantContext(deps: TenantServiceDeps) {
  const { eventStore, documents, clock, vatRegistry = new OfflineVatRegistry(), logger } = deps;
  const tenants = documents.collection<TenantRecordDoc>(TENANTS_COLLECTION);
  await ensureTenantIndexes(tenants);
  const nips = nipReservations(documents, tenants, clock);
  const aggregate = projectedCommandHandler({
    eventStore,
    decider: tenantDecider,
    streamId: toTenantStreamId,
    collection: tenants,
    apply: applyTenantEvent,
  });
  /** Runs a command on the tenant's stream and projects what it decided. */
  const run = (tenantId: string, actorId: string, command: TenantCommand) =>
    aggregate.run(tenantId, command, { tenantId, actorId });
  return { clock, vatRegistry, logger, tenants, nips, aggregate, run };
}
export type TenantContext = Awaited<ReturnType<typeof tenantContext>>;

/** Inserts the owner's reservation, or reuses one a crashed attempt left behind; 409 when the owner has a tenant. */
async function reserve(
  ctx: TenantContext,
  ownerId: string,
  record: Pick<TenantRecord, 'ownerId' | 'companyName' | 'nip' | 'createdAt'>,
): Promise<string> {
  const existing = await ctx.tenants.findOne({ ownerId });
  if (existing) {
    if ((existing as TenantRecord).status !== 'creating') throw new OwnerAlreadyHasTenantError();
    return existing._id;
  }
  const tenantId = randomUUID();
  try {
    await ctx.tenants.insert(reservation({ ...record, tenantId }));
    return tenantId;
  } catch (error) {
    if (error instanceof DuplicateKeyError && error.index === TENANTS_OWNER_INDEX)
      throw new OwnerAlreadyHasTenantError();
    throw error;
  }
}

/**
 * A new or changed NIP against the VAT-payer registry (ADR 0035): refused (400 on `nip`) only when the registry
 * answered that it does not list it; a registry that cannot be asked lets it through, logged as unverified.
 */
async function checkVatRegistry(ctx: TenantContext, nip: string, tenantId: string | null): Promise<void> {
  const answer = await ctx.vatRegistry.lookUp(nip, ctx.clock());
  switch (answer.outcome) {
    case 'registered':
      return;
    case 'not-registered':
    case 'invalid':
      throw new NipNotInVatRegistryError();
    case 'not-checked':
      if (answer.reason !== 'offline')
        ctx.logger?.warn(
          { tenantId, reason: answer.reason },
          'NIP accepted unverified: VAT registry not answering',
        );
      return;
    default: {
      const _exhaustive: never = answer;
      return _exhaustive;
    }
  }
}

/** The tenant's record whatever its status, or null. */
export async function findTenant(ctx: TenantContext, tenantId: string): Promise<TenantRecord | null> {
  const doc = await readProjection<TenantRecord>(ctx.tenants, tenantId);
  return doc ? withDefaults(doc) : null;
}

/** For reads: the active tenant or 404 (a deleted tenant does not exist for anybody). */
export async function activeTenant(ctx: TenantContext, tenantId: string): Promise<ActiveTenantRecord> {
  const record = await findTenant(ctx, tenantId);
  if (!record || record.status !== 'active') throw new TenantNotFoundError();
  return record as ActiveTenantRecord;
}

/** For changes under a tenant (programs, services, images): 404 when unknown, 410 when deleted. */
export async function writableTenant(ctx: TenantContext, tenantId: string): Promise<ActiveTenantRecord> {
  const record = await findTenant(ctx, tenantId);
  if (record?.status === 'deleted') throw new TenantDeletedError();
  if (!record || record.status !== 'active') throw new TenantNotFoundError();
  return record as ActiveTenantRecord;
}

export async function createTenant(
  ctx: TenantContext,
  ownerId: string,
  input: { companyName: string; nip: string },
): Promise<{ tenantId: string }> {
  await checkVatRegistry(ctx, input.nip, null);
  const now = ctx.clock();
  const tenantId = await reserve(ctx, ownerId, { ownerId, ...input, createdAt: now.toISOString() });
  await ctx.nips.reserve(input.nip, tenantId);
  const command: CreateTenant = {
    type: 'CreateTenant',
    data: { tenantId, ownerId, ...input },
    metadata: { now },
  };
  let created = false;
  try {
    await ctx.run(tenantId, ownerId, command);
    created = true;
    return { tenantId };
  } catch (error) {
    if (!(error instanceof TenantAlreadyExistsError)) throw error;
    // a concurrent or earlier attempt of this owner created it: catch the read model up, then refuse
    await ctx.aggregate.rebuild(tenantId);
    throw new OwnerAlreadyHasTenantError();
  } finally {
    // a creation that did not happen holds no NIP, unless an earlier attempt created it with this one
    const record = created ? null : await findTenant(ctx, tenantId);
    if (record && !(record.status === 'active' && record.nip === input.nip))
      await ctx.nips.release(input.nip, tenantId);
  }
}

/** A new NIP is checked and reserved first; the old one is released once the change is recorded. */
export async function updateTenant(
  ctx: TenantContext,
  tenantId: string,
  actorId: string,
  changes: TenantChanges,
): Promise<{ tenant: TenantResponse; changed: string[] }> {
  const before = await findTenant(ctx, tenantId);
  const newNip = changes.nip !== undefined && before?.status === 'active' && changes.nip !== before.nip;
  if (newNip) {
    await checkVatRegistry(ctx, changes.nip!, tenantId);
    await ctx.nips.reserve(changes.nip!, tenantId);
  }
  let nipNow: string | undefined;
  try {
    const result = await ctx.run(tenantId, actorId, {
      type: 'UpdateTenant',
      data: { tenantId, changes },
      metadata: { now: ctx.clock() },
    });
    if (result.newState.status === 'active') nipNow = result.newState.nip;
    const changed = result.newEvents.flatMap((e) =>
      e.type === 'TenantUpdated' ? Object.keys(e.data.changes) : [],
    );
    return { tenant: responseOf(result.newState), changed };
  } finally {
    if (newNip) {
      const unused = nipNow === changes.nip ? before!.nip : changes.nip!;
      await ctx.nips.release(unused, tenantId);
    }
  }
}

export async function changeLogo(
  ctx: TenantContext,
  tenantId: string,
  actorId: string,
  logo: TenantImage,
): Promise<TenantResponse> {
  const result = await ctx.run(tenantId, actorId, {
    type: 'ChangeLogo',
    data: { tenantId, logo },
    metadata: { now: ctx.clock() },
  });
  return responseOf(result.newState);
}

export async function changeHeroImage(
  ctx: TenantContext,
  tenantId: string,
  actorId: string,
  heroImage: TenantImage | null,
): Promise<TenantResponse> {
  const result = await ctx.run(tenantId, actorId, {
    type: 'ChangeHeroImage',
    data: { tenantId, heroImage },
    metadata: { now: ctx.clock() },
  });
  return responseOf(result.newState);
}

/** The company's locations (ADR 0057): the whole list replaces the stored one; the list as stored. */
export async function replaceLocations(
  ctx: TenantContext,
  tenantId: string,
  actorId: string,
  locations: Location[],
): Promise<LocationsResponse> {
  const result = await ctx.run(tenantId, actorId, {
    type: 'ReplaceLocations',
    data: { tenantId, locations },
    metadata: { now: ctx.clock() },
  });
  if (result.newState.status !== 'active') throw new TenantNotFoundError();
  return { locations: result.newState.locations ?? [] };
}

/** The owner's own tenant (token `tid`); 404 when the token names none. */
export async function deleteTenant(
  ctx: TenantContext,
  tenantId: string | undefined,
  actorId: string,
  confirmCompanyName: string,
): Promise<void> {
  if (!tenantId) throw new TenantNotFoundError();
  const record = await findTenant(ctx, tenantId);
  // `tid` of an owner's token is their own tenant; anything else is refused, never deleted
  if (record?.status === 'active' && record.ownerId !== actorId) throw new PermissionDeniedError();
  await ctx.run(tenantId, actorId, {
    type: 'DeleteTenant',
    data: { tenantId, confirmCompanyName },
    metadata: { now: ctx.clock() },
  });
  // the NIP is free for a company that signs up again (ADR 0035); a crash here leaves a stale reservation
  if (record?.status === 'active') await ctx.nips.release(record.nip, tenantId);
}

/**
 * Tenant's application layer for the Tenant aggregate: the use cases behind /tenants. Every change goes
 * through the decider (generic command handler) and is projected into `tenants` right after. Events carry
 * `tenantId` in their metadata, so the relay's envelope names the tenant (tenant.tenants.v1).
 */
export async function createTenantService(deps: TenantServiceDeps) {
  const ctx = await tenantContext(deps);
  return {
    findTenant: (tenantId: string) => findTenant(ctx, tenantId),
    activeTenant: (tenantId: string) => activeTenant(ctx, tenantId),
    writableTenant: (tenantId: string) => writableTenant(ctx, tenantId),
    createTenant: (ownerId: string, input: { companyName: string; nip: string }) =>
      createTenant(ctx, ownerId, input),
    getTenant: async (tenantId: string): Promise<TenantResponse> =>
      toTenantResponse(await activeTenant(ctx, tenantId)),
    updateTenant: (tenantId: string, actorId: string, changes: TenantChanges) =>
      updateTenant(ctx, tenantId, actorId, changes),
    changeLogo: (tenantId: string, actorId: string, logo: TenantImage) =>
      changeLogo(ctx, tenantId, actorId, logo),
    changeHeroImage: (tenantId: string, actorId: string, heroImage: TenantImage | null) =>
      changeHeroImage(ctx, tenantId, actorId, heroImage),
    getLocations: async (tenantId: string): Promise<LocationsResponse> => ({
      locations: (await activeTenant(ctx, tenantId)).locations ?? [],
    }),
    replaceLocations: (tenantId: string, actorId: string, locations: Location[]) =>
      replaceLocations(ctx, tenantId, actorId, locations),
    deleteTenant: (tenantId: string | undefined, actorId: string, confirmCompanyName: string) =>
      deleteTenant(ctx, tenantId, actorId, confirmCompanyName),
  };
}

export type TenantService = Awaited<ReturnType<typeof createTenantService>>;

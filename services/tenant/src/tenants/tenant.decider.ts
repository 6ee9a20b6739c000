import { sameCompanyName } from '@punkto/contracts/company-name-match';
import type { Location } from '@punkto/contracts/locations';
import type { TenantImage } from '@punkto/contracts/tenant';
import { type Decider, type Command } from '@punkto/platform/es/decider';
import { isDeepStrictEqual } from 'node:util';
import {
  awardConfirmAboveOf,
  evolve,
  initialState,
  type Tenant,
  type TenantChanges,
  type TenantContact,
  type TenantData,
  type TenantEvent,
} from './tenant';
import { validLocations } from './location-rules';
import {
  DeleteConfirmationError,
  NoHeroImageError,
  TenantAlreadyExistsError,
  TenantDeletedError,
  TenantNotFoundError,
} from './tenant.errors';

/**
 * Commands of the Tenant aggregate. Time arrives in `metadata.now`. "One tenant per owner" spans
 * aggregates, so it is checked before the command against the `tenants` read model (tenants.projection.ts);
 * the decider guards its own stream.
 *
 * After TenantDeleted every command is refused with 410 TENANT.DELETED (TenantDeletedError).
 */

export type CreateTenant = Command<
  'CreateTenant',
  { tenantId: string; ownerId: string; companyName: string; nip: string }
>;
/** `changes`: the parsed PATCH body (absent = keep, null = clear); only real differences become an event */
export type UpdateTenant = Command<'UpdateTenant', { tenantId: string; changes: TenantChanges }>;
export type ChangeLogo = Command<'ChangeLogo', { tenantId: string; logo: TenantImage }>;
/** `heroImage: null` removes the hero image */
export type ChangeHeroImage = Command<'ChangeHeroImage', { tenantId: string; heroImage: TenantImage | null }>;
export type DeleteTenant = Command<'DeleteTenant', { tenantId: string; confirmCompanyName: string }>;
/** the whole list replaces the stored one (location-rules.ts); the same list again records nothing */
export type ReplaceLocations = Command<'ReplaceLocations', { tenantId: string; locations: Location[] }>;

export type TenantCommand =
  CreateTenant | UpdateTenant | ChangeLogo | ChangeHeroImage | ReplaceLocations | DeleteTenant;

type ActiveTenant = Extract<Tenant, { status: 'active' }>;

function requireActive(state: Tenant): ActiveTenant {
  if (state.status === 'none') throw new TenantNotFoundError();
  if (state.status === 'deleted') throw new TenantDeletedError();
  return state;
}

/** An empty description is no description; a contact without any field is no contact. */
function normalised(changes: TenantChanges): TenantChanges {
  const out: TenantChanges = {};
  if (changes.companyName !== undefined) out.companyName = changes.companyName;
  if (changes.nip !== undefined) out.nip = changes.nip;
  if (changes.description !== undefined) out.description = changes.description || null;
  if (changes.address !== undefined) out.address = changes.address;
  if (changes.contact !== undefined) {
    const contact: TenantContact = {};
    for (const key of ['email', 'phone', 'website'] as const)
      if (changes.contact?.[key]) contact[key] = changes.contact[key];
    out.contact = Object.keys(contact).length ? contact : null;
  }
  if (changes.branding !== undefined) out.branding = changes.branding;
  if (changes.awardConfirmAboveGrosze !== undefined)
    out.awardConfirmAboveGrosze = changes.awardConfirmAboveGrosze;
  return out;
}

/** The requested fields whose value differs from the current one. */
export function changedFields(current: TenantData, requested: TenantChanges): TenantChanges {
  const wanted = normalised(requested);
  const changed: Record<string, unknown> = {};
  const now = { ...current, awardConfirmAboveGrosze: awardConfirmAboveOf(current) };
  for (const [key, value] of Object.entries(wanted)) {
    if (!isDeepStrictEqual(now[key as keyof TenantChanges], value)) changed[key] = value;
  }
  return changed as TenantChanges;
}

export function decide(command: TenantCommand, state: Tenant): TenantEvent[] {
  const at = command.metadata.now.toISOString();
  switch (command.type) {
    case 'CreateTenant': {
      if (state.status !== 'none') throw new TenantAlreadyExistsError();
      return [{ type: 'TenantCreated', data: { ...command.data, createdAt: at } }];
    }
    case 'UpdateTenant': {
      const tenant = requireActive(state);
      const changes = changedFields(tenant, command.data.changes);
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'TenantUpdated', data: { tenantId: tenant.tenantId, changes, updatedAt: at } }];
    }
    case 'ChangeLogo': {
      const tenant = requireActive(state);
      if (tenant.logo?.contentHash === command.data.logo.contentHash) return [];
      return [
        {
          type: 'TenantLogoChanged',
          data: { tenantId: tenant.tenantId, logo: command.data.logo, changedAt: at },
        },
      ];
    }
    case 'ChangeHeroImage': {
      const tenant = requireActive(state);
      const next = command.data.heroImage;
      if (!next && !tenant.heroImage) throw new NoHeroImageError();
      if (next && tenant.heroImage?.contentHash === next.contentHash) return [];
      return [
        {
          type: 'TenantHeroImageChanged',
          data: { tenantId: tenant.tenantId, heroImage: next, changedAt: at },
        },
      ];
    }
    case 'ReplaceLocations': {
      const tenant = requireActive(state);
      const locations = validLocations(command.data.locations);
      if (isDeepStrictEqual(tenant.locations ?? [], locations)) return [];
      return [
        {
          type: 'TenantLocationsReplaced',
          data: { tenantId: tenant.tenantId, locations, changedAt: at },
        },
      ];
    }
    case 'DeleteTenant': {
      const tenant = requireActive(state);
      if (!sameCompanyName(command.data.confirmCompanyName, tenant.companyName))
        throw new DeleteConfirmationError();
      return [
        {
          type: 'TenantDeleted',
          data: { tenantId: tenant.tenantId, ownerId: tenant.ownerId, deletedAt: at },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      throw new Error(`unknown command ${String((_exhaustive as { type: string }).type)}`);
    }
  }
}

export const tenantDecider: Decider<Tenant, TenantCommand, TenantEvent> = { decide, evolve, initialState };

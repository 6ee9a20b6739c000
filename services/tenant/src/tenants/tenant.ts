import { toStreamId } from '@punkto/contracts/events';
import type {
  TenantCreatedData,
  TenantDeletedData,
  TenantHeroImageChangedData,
  TenantLocationsReplacedData,
  TenantLogoChangedData,
  TenantUpdatedData,
} from '@punkto/contracts/integration-events';
import type { Location } from '@punkto/contracts/locations';
import {
  DEFAULT_AWARD_CONFIRM_ABOVE_GROSZE,
  defaultBranding,
  type Branding,
  type TenantImage,
} from '@punkto/contracts/tenant';
import type { Address, Contact } from '@punkto/contracts/tenant';
import type { z } from 'zod';

/**
 * The Tenant aggregate (event-sourced, stream `tenant-<id>`): events, state and evolve. Pure.
 * Event payloads are the integration-event schemas of contracts/src/integration-events.ts (the relay
 * publishes them as they are on tenant.tenants.v1).
 */

export const toTenantStreamId = (tenantId: string) => toStreamId('tenant', tenantId);
export const TENANT_STREAM_PREFIX = 'tenant-';

export type TenantCreated = { type: 'TenantCreated'; data: TenantCreatedData };
/** only the fields that changed are present in `data.changes` */
export type TenantUpdated = { type: 'TenantUpdated'; data: TenantUpdatedData };
export type TenantLogoChanged = { type: 'TenantLogoChanged'; data: TenantLogoChangedData };
/** `heroImage: null` = removed */
export type TenantHeroImageChanged = { type: 'TenantHeroImageChanged'; data: TenantHeroImageChangedData };
export type TenantDeleted = { type: 'TenantDeleted'; data: TenantDeletedData };
/** the whole list of the company's locations (ADR 0057) */
export type TenantLocationsReplaced = { type: 'TenantLocationsReplaced'; data: TenantLocationsReplacedData };

export type TenantEvent =
  | TenantCreated
  | TenantUpdated
  | TenantLogoChanged
  | TenantHeroImageChanged
  | TenantLocationsReplaced
  | TenantDeleted;

export type TenantAddress = z.infer<typeof Address>;
export type TenantContact = z.infer<typeof Contact>;
export type TenantChanges = TenantUpdatedData['changes'];

export interface TenantData {
  tenantId: string;
  ownerId: string;
  companyName: string;
  /** 10 digits, no separators */
  nip: string;
  description: string | null;
  address: TenantAddress | null;
  contact: TenantContact | null;
  branding: Branding;
  /** absent in tenants from before the setting: the default applies */
  awardConfirmAboveGrosze?: number;
  logo: TenantImage | null;
  heroImage: TenantImage | null;
  /** where passes come up on the lock screen (ADR 0057); absent in tenants that never set any: none */
  locations?: Location[];
  createdAt: string;
  updatedAt: string;
}

/** the purchase above which the scanner asks to confirm an award (the default for tenants that never set it) */
export const awardConfirmAboveOf = (tenant: Pick<TenantData, 'awardConfirmAboveGrosze'>): number =>
  tenant.awardConfirmAboveGrosze ?? DEFAULT_AWARD_CONFIRM_ABOVE_GROSZE;

/** The details a new tenant starts with (TenantCreated carries only the company name and NIP). */
export const EMPTY_TENANT_DETAILS: Pick<
  TenantData,
  'description' | 'address' | 'contact' | 'branding' | 'logo' | 'heroImage'
> = {
  description: null,
  address: null,
  contact: null,
  branding: defaultBranding,
  logo: null,
  heroImage: null,
};

export type Tenant =
  | { status: 'none' }
  | ({ status: 'active' } & TenantData)
  | { status: 'deleted'; tenantId: string; ownerId: string; deletedAt: string };

export const initialState = (): Tenant => ({ status: 'none' });

export function evolve(state: Tenant, event: TenantEvent): Tenant {
  switch (event.type) {
    case 'TenantCreated':
      return {
        status: 'active',
        ...event.data,
        ...EMPTY_TENANT_DETAILS,
        updatedAt: event.data.createdAt,
      };
    case 'TenantUpdated':
      if (state.status !== 'active') return state;
      return { ...state, ...event.data.changes, updatedAt: event.data.updatedAt };
    case 'TenantLogoChanged':
      if (state.status !== 'active') return state;
      return { ...state, logo: event.data.logo, updatedAt: event.data.changedAt };
    case 'TenantHeroImageChanged':
      if (state.status !== 'active') return state;
      return { ...state, heroImage: event.data.heroImage, updatedAt: event.data.changedAt };
    case 'TenantLocationsReplaced':
      if (state.status !== 'active') return state;
      return { ...state, locations: event.data.locations, updatedAt: event.data.changedAt };
    case 'TenantDeleted':
      return {
        status: 'deleted',
        tenantId: event.data.tenantId,
        ownerId: event.data.ownerId,
        deletedAt: event.data.deletedAt,
      };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

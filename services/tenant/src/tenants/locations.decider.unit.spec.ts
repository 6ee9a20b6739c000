import { LocationMessages, type Location } from '@punkto/contracts/locations';
import { deciderSpecification } from '@punkto/platform/es/decider-specification';
import { ValidationError } from '@punkto/platform/errors/errors';
import { describe, expect, it } from 'vitest';
import type { TenantCreated, TenantDeleted, TenantLocationsReplaced } from './tenant';
import { tenantDecider, type ReplaceLocations } from './tenant.decider';
import { TenantDeletedError, TenantNotFoundError } from './tenant.errors';

// The company's locations (ADR 0057): ReplaceLocations on the Tenant aggregate, by the tenant's state.
const created = new Date('2026-03-02T10:00:00.000Z');
const now = new Date('2026-03-05T12:30:00.000Z');
const at = now.toISOString();

const tenantCreated: TenantCreated = {
  type: 'TenantCreated',
  data: {
    tenantId: 't1',
    ownerId: 'u1',
    companyName: 'Kawiarnia Pod Lipą',
    nip: '1234563218',
    createdAt: created.toISOString(),
  },
};
const tenantDeleted: TenantDeleted = {
  type: 'TenantDeleted',
  data: { tenantId: 't1', ownerId: 'u1', deletedAt: at },
};
const rynek: Location = {
  name: 'Kawiarnia na Rynku',
  address: 'Rynek Główny 1, Kraków',
  latitude: 50.0617,
  longitude: 19.9373,
  relevantText: null,
};
const place = (i: number): Location => ({
  name: `Lokal ${i}`,
  address: null,
  latitude: 52 + i / 100,
  longitude: 21,
  relevantText: null,
});
const replace = (locations: Location[]): ReplaceLocations => ({
  type: 'ReplaceLocations',
  data: { tenantId: 't1', locations },
  metadata: { now },
});
const replaced = (locations: Location[]): TenantLocationsReplaced => ({
  type: 'TenantLocationsReplaced',
  data: { tenantId: 't1', locations, changedAt: at },
});

const spec = deciderSpecification(tenantDecider);

/** the errors map of the ValidationError the decider threw */
const errorsOf = (check: (errors: Record<string, string[]>) => void) => (e: ValidationError) =>
  check(e.errors);

describe('when no tenant exists', () => {
  it('ReplaceLocations is a 404', () =>
    spec
      .given([])
      .when(replace([rynek]))
      .thenThrows(TenantNotFoundError));
});

describe('when the company has no locations', () => {
  it('ReplaceLocations records the whole list, names and texts trimmed, empty ones none', () =>
    spec
      .given([tenantCreated])
      .when(replace([{ ...rynek, name: '  Kawiarnia na Rynku ', address: ' ', relevantText: '  ' }]))
      .then([replaced([{ ...rynek, address: null }])]));

  it('ten locations are allowed (Apple Wallet reads ten per pass)', () =>
    spec
      .given([tenantCreated])
      .when(replace(Array.from({ length: 10 }, (_, i) => place(i))))
      .then([replaced(Array.from({ length: 10 }, (_, i) => place(i)))]));

  it('an 11th location is refused with the errors map on `locations`', () =>
    spec
      .given([tenantCreated])
      .when(replace(Array.from({ length: 11 }, (_, i) => place(i))))
      .thenThrows(
        ValidationError,
        errorsOf((errors) => expect(errors).toEqual({ locations: [LocationMessages.tooMany] })),
      ));

  it('a latitude outside −90..90 and a longitude outside −180..180 are refused, naming the field', () =>
    spec
      .given([tenantCreated])
      .when(replace([rynek, { ...rynek, latitude: 90.5, longitude: -180.01 }]))
      .thenThrows(
        ValidationError,
        errorsOf((errors) =>
          expect(errors).toEqual({
            'locations.1.latitude': [LocationMessages.latitude],
            'locations.1.longitude': [LocationMessages.longitude],
          }),
        ),
      ));

  it('the edges −90, 90, −180 and 180 are valid coordinates', () =>
    spec
      .given([tenantCreated])
      .when(
        replace([
          { ...rynek, latitude: -90, longitude: 180 },
          { ...rynek, latitude: 90, longitude: -180 },
        ]),
      )
      .then([
        replaced([
          { ...rynek, latitude: -90, longitude: 180 },
          { ...rynek, latitude: 90, longitude: -180 },
        ]),
      ]));

  it('a coordinate that is not a number (NaN) is refused', () =>
    spec
      .given([tenantCreated])
      .when(replace([{ ...rynek, latitude: Number.NaN }]))
      .thenThrows(
        ValidationError,
        errorsOf((errors) => expect(errors['locations.0.latitude']).toEqual([LocationMessages.latitude])),
      ));

  it('a location without a name is refused', () =>
    spec
      .given([tenantCreated])
      .when(replace([{ ...rynek, name: '   ' }]))
      .thenThrows(
        ValidationError,
        errorsOf((errors) => expect(errors).toEqual({ 'locations.0.name': [LocationMessages.name] })),
      ));

  it('a lock-screen text over 90 characters is refused', () =>
    spec
      .given([tenantCreated])
      .when(replace([{ ...rynek, relevantText: 'x'.repeat(91) }]))
      .thenThrows(
        ValidationError,
        errorsOf((errors) =>
          expect(errors).toEqual({ 'locations.0.relevantText': [LocationMessages.relevantTextTooLong] }),
        ),
      ));
});

describe('when the company has locations', () => {
  it('the same list again records nothing', () =>
    spec
      .given([tenantCreated, replaced([rynek])])
      .when(replace([{ ...rynek }]))
      .thenNothingHappens());

  it('a changed text is a new list', () =>
    spec
      .given([tenantCreated, replaced([rynek])])
      .when(replace([{ ...rynek, relevantText: 'Wpadnij na kawę!' }]))
      .then([replaced([{ ...rynek, relevantText: 'Wpadnij na kawę!' }])]));

  it('an empty list removes them all', () =>
    spec
      .given([tenantCreated, replaced([rynek])])
      .when(replace([]))
      .then([replaced([])]));
});

describe('when the tenant was deleted', () => {
  it('ReplaceLocations is a 410', () =>
    spec
      .given([tenantCreated, replaced([rynek]), tenantDeleted])
      .when(replace([rynek]))
      .thenThrows(TenantDeletedError));
});

import { defaultBranding, TenantErrors, type TenantImage } from '@punkto/contracts/tenant';
import { deciderSpecification } from '@punkto/platform/es/decider-specification';
import { describe, expect, it } from 'vitest';
import type {
  TenantCreated,
  TenantDeleted,
  TenantEvent,
  TenantHeroImageChanged,
  TenantLogoChanged,
  TenantUpdated,
} from './tenant';
import {
  tenantDecider,
  type ChangeHeroImage,
  type ChangeLogo,
  type CreateTenant,
  type DeleteTenant,
  type UpdateTenant,
} from './tenant.decider';
import {
  DeleteConfirmationError,
  NoHeroImageError,
  TenantAlreadyExistsError,
  TenantDeletedError,
  TenantNotFoundError,
} from './tenant.errors';
import { applyTenantEvent, deletedOwnerId } from './tenants.projection';

const created = new Date('2026-03-02T10:00:00.000Z');
const now = new Date('2026-03-05T12:30:00.000Z');
const at = now.toISOString();

const createTenant = (overrides: Partial<CreateTenant['data']> = {}): CreateTenant => ({
  type: 'CreateTenant',
  data: { tenantId: 't1', ownerId: 'u1', companyName: 'Kawiarnia Pod Lipą', nip: '1234563218', ...overrides },
  metadata: { now: created },
});
const tenantCreated = (overrides: Partial<TenantCreated['data']> = {}): TenantCreated => ({
  type: 'TenantCreated',
  data: {
    tenantId: 't1',
    ownerId: 'u1',
    companyName: 'Kawiarnia Pod Lipą',
    nip: '1234563218',
    createdAt: created.toISOString(),
    ...overrides,
  },
});
const update = (changes: UpdateTenant['data']['changes']): UpdateTenant => ({
  type: 'UpdateTenant',
  data: { tenantId: 't1', changes },
  metadata: { now },
});
const updated = (changes: TenantUpdated['data']['changes']): TenantUpdated => ({
  type: 'TenantUpdated',
  data: { tenantId: 't1', changes, updatedAt: at },
});
const image = (hash: string): TenantImage => ({
  url: `https://punkto.example/api/v1/tenants/t1/images/logo-2x-${hash}.png`,
  renditions: { 'logo@2x': `https://punkto.example/api/v1/tenants/t1/images/logo-2x-${hash}.png` },
  contentHash: hash,
  uploadedAt: at,
});
const changeLogo = (logo: TenantImage): ChangeLogo => ({
  type: 'ChangeLogo',
  data: { tenantId: 't1', logo },
  metadata: { now },
});
const logoChanged = (logo: TenantImage): TenantLogoChanged => ({
  type: 'TenantLogoChanged',
  data: { tenantId: 't1', logo, changedAt: at },
});
const changeHero = (heroImage: TenantImage | null): ChangeHeroImage => ({
  type: 'ChangeHeroImage',
  data: { tenantId: 't1', heroImage },
  metadata: { now },
});
const heroChanged = (heroImage: TenantImage | null): TenantHeroImageChanged => ({
  type: 'TenantHeroImageChanged',
  data: { tenantId: 't1', heroImage, changedAt: at },
});
const deleteTenant = (confirmCompanyName: string): DeleteTenant => ({
  type: 'DeleteTenant',
  data: { tenantId: 't1', confirmCompanyName },
  metadata: { now },
});
const tenantDeleted: TenantDeleted = {
  type: 'TenantDeleted',
  data: { tenantId: 't1', ownerId: 'u1', deletedAt: at },
};
const address = { street: 'ul. Lipowa 5', postalCode: '00-950', city: 'Warszawa' };

const spec = deciderSpecification(tenantDecider);

describe('when no tenant exists', () => {
  it('CreateTenant records TenantCreated with the owner, company, NIP and time', () =>
    spec.given([]).when(createTenant()).then([tenantCreated()]));

  it('every other command is a 404', () =>
    spec
      .given([])
      .when(update({ companyName: 'X' }))
      .thenThrows(TenantNotFoundError));
});

describe('when the tenant already exists', () => {
  it('CreateTenant is refused with a 409', () =>
    spec
      .given([tenantCreated()])
      .when(createTenant({ companyName: 'Inna nazwa' }))
      .thenThrows(TenantAlreadyExistsError, (e) => {
        expect(e.status).toBe(409);
        expect(e.code).toBe('TENANT.ALREADY_EXISTS');
      }));

  it('UpdateTenant records ONLY the fields that really change', () =>
    spec
      .given([tenantCreated()])
      .when(
        update({
          companyName: 'Kawiarnia Pod Lipą', // unchanged
          nip: '5260001246',
          address,
          branding: defaultBranding, // unchanged
          description: 'Kawa i ciasta od 1998 r.',
        }),
      )
      .then([updated({ nip: '5260001246', address, description: 'Kawa i ciasta od 1998 r.' })]));

  it('UpdateTenant without any difference records nothing', () =>
    spec
      .given([tenantCreated(), updated({ address })])
      .when(update({ address: { ...address }, contact: {}, description: '' }))
      .thenNothingHappens());

  it('null clears an optional part; an empty description or contact is no value', () =>
    spec
      .given([tenantCreated(), updated({ address, description: 'Opis', contact: { phone: '+48600100200' } })])
      .when(update({ address: null, description: '', contact: { email: undefined } }))
      .then([updated({ address: null, description: null, contact: null })]));

  it('ChangeLogo records TenantLogoChanged; the same picture again changes nothing', () => {
    spec
      .given([tenantCreated()])
      .when(changeLogo(image('aaa')))
      .then([logoChanged(image('aaa'))]);
    spec
      .given([tenantCreated(), logoChanged(image('aaa'))])
      .when(changeLogo(image('aaa')))
      .thenNothingHappens();
  });

  it('ChangeHeroImage(null) removes the hero image; without one it is a 404 TENANT.NO_HERO_IMAGE', () => {
    spec
      .given([tenantCreated(), heroChanged(image('bbb'))])
      .when(changeHero(null))
      .then([heroChanged(null)]);
    spec
      .given([tenantCreated()])
      .when(changeHero(null))
      .thenThrows(NoHeroImageError, (e) => {
        expect(e.status).toBe(404);
        expect(e.code).toBe(TenantErrors.noHeroImage.code);
      });
  });

  it('DeleteTenant needs the company name: trimmed and case-insensitive', () => {
    spec.given([tenantCreated()]).when(deleteTenant('  kawiarnia POD LIPĄ ')).then([tenantDeleted]);
    // issue 32: any dash, quote or spacing (company-name-match.ts)
    spec
      .given([tenantCreated(), updated({ companyName: 'Zakład „Żaneta” — Łódź' })])
      .when(deleteTenant('zakład "Żaneta" -  Łódź'))
      .then([tenantDeleted]);
    spec
      .given([tenantCreated(), updated({ companyName: 'Nowa Nazwa' })])
      .when(deleteTenant('Kawiarnia Pod Lipą'))
      .thenThrows(DeleteConfirmationError, (e) => {
        expect(e.status).toBe(400);
        expect(e.errors).toEqual({ confirmCompanyName: [TenantErrors.deleteConfirmation.message] });
      });
  });
});

describe('when the tenant was deleted', () => {
  const history: TenantEvent[] = [tenantCreated(), tenantDeleted];

  it.each([
    ['UpdateTenant', update({ companyName: 'Nowa' })],
    ['ChangeLogo', changeLogo(image('ccc'))],
    ['ChangeHeroImage', changeHero(image('ddd'))],
    ['DeleteTenant', deleteTenant('Kawiarnia Pod Lipą')],
  ] as const)('%s is refused with 410 TENANT.DELETED', (_name, command) =>
    spec
      .given([...history])
      .when(command)
      .thenThrows(TenantDeletedError, (e) => {
        expect(e.status).toBe(410);
        expect(e.code).toBe('TENANT.DELETED');
      }),
  );

  it('CreateTenant on the same stream is still a 409', () =>
    spec
      .given([...history])
      .when(createTenant())
      .thenThrows(TenantAlreadyExistsError));
});

describe('evolve', () => {
  it('folds TenantCreated into an active tenant with default branding and no images', () => {
    const state = [tenantCreated()].reduce(tenantDecider.evolve, tenantDecider.initialState());
    expect(state).toEqual({
      status: 'active',
      ...tenantCreated().data,
      description: null,
      address: null,
      contact: null,
      branding: defaultBranding,
      logo: null,
      heroImage: null,
      updatedAt: created.toISOString(),
    });
  });

  it('applies changes, images and deletion in order', () => {
    const state = [
      tenantCreated(),
      updated({ companyName: 'Nowa Lipa', address }),
      logoChanged(image('aaa')),
      heroChanged(image('bbb')),
    ].reduce(tenantDecider.evolve, tenantDecider.initialState());
    expect(state).toMatchObject({
      status: 'active',
      companyName: 'Nowa Lipa',
      address,
      logo: image('aaa'),
      heroImage: image('bbb'),
      updatedAt: at,
    });
    expect(tenantDecider.evolve(state, tenantDeleted)).toEqual({
      status: 'deleted',
      tenantId: 't1',
      ownerId: 'u1',
      deletedAt: at,
    });
  });
});

describe('the tenants read model', () => {
  it('keeps a deleted tenant without company data and frees the owner (placeholder ownerId)', () => {
    const active = applyTenantEvent(null, tenantCreated());
    const withAddress = applyTenantEvent(active, updated({ address }));
    expect(withAddress).toMatchObject({ status: 'active', ownerId: 'u1', address, deletedAt: null });
    expect(applyTenantEvent(withAddress, tenantDeleted)).toMatchObject({
      status: 'deleted',
      ownerId: deletedOwnerId('t1'),
      formerOwnerId: 'u1',
      companyName: '',
      nip: '',
      address: null,
      deletedAt: at,
      createdAt: created.toISOString(),
    });
  });
});

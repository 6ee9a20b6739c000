import { deciderSpecification } from '@punkto/platform/es/decider-specification';
import { describe, expect, it } from 'vitest';
import type { TenantCreated } from './tenant';
import { tenantDecider, type CreateTenant } from './tenant.decider';
import { TenantAlreadyExistsError } from './tenant.errors';

const now = new Date('2026-03-02T10:00:00.000Z');
const createTenant = (overrides: Partial<CreateTenant['data']> = {}): CreateTenant => ({
  type: 'CreateTenant',
  data: { tenantId: 't1', ownerId: 'u1', companyName: 'Kawiarnia Pod Lipą', nip: '1234563218', ...overrides },
  metadata: { now },
});
const tenantCreated = (overrides: Partial<TenantCreated['data']> = {}): TenantCreated => ({
  type: 'TenantCreated',
  data: {
    tenantId: 't1',
    ownerId: 'u1',
    companyName: 'Kawiarnia Pod Lipą',
    nip: '1234563218',
    createdAt: now.toISOString(),
    ...overrides,
  },
});

const spec = deciderSpecification(tenantDecider);

describe('when no tenant exists', () => {
  it('CreateTenant records TenantCreated with the owner, company, NIP and time', () =>
    spec.given([]).when(createTenant()).then([tenantCreated()]));
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
});

describe('evolve', () => {
  it('folds TenantCreated into an active tenant', () => {
    const state = [tenantCreated()].reduce(tenantDecider.evolve, tenantDecider.initialState());
    expect(state).toEqual({ status: 'active', ...tenantCreated().data });
  });
});

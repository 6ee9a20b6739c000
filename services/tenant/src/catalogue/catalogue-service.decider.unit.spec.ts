import { CatalogueErrors, ServiceInput } from '@punkto/contracts/catalogue';
import { ServiceDefinedData } from '@punkto/contracts/integration-events';
import { ConflictError } from '@punkto/platform/errors/errors';
import { deciderSpecification } from '@punkto/platform/es/decider-specification';
import { describe, expect, it } from 'vitest';
import type { ServiceDefined, ServiceDeleted } from './catalogue-service';
import {
  serviceDecider,
  type DefineService,
  type DeleteService,
  type RedefineService,
} from './catalogue-service.decider';
import { ServiceNotFoundError } from './catalogue.errors';
import { normaliseServiceName } from './catalogue.names';

const t0 = new Date('2026-03-02T10:00:00.000Z');
const t1 = new Date('2026-03-03T10:00:00.000Z');
const input = (overrides: Record<string, unknown> = {}) =>
  ServiceInput.parse({ name: 'Strzyżenie męskie', priceGrosze: 6000, ...overrides });

const define = (): DefineService => ({
  type: 'DefineService',
  data: { serviceId: 's1', tenantId: 't1', input: input() },
  metadata: { now: t0 },
});
const redefine = (overrides: Record<string, unknown> = {}, tenantId = 't1'): RedefineService => ({
  type: 'RedefineService',
  data: { serviceId: 's1', tenantId, input: input(overrides) },
  metadata: { now: t1 },
});
const remove = (tenantId = 't1'): DeleteService => ({
  type: 'DeleteService',
  data: { serviceId: 's1', tenantId },
  metadata: { now: t1 },
});
const definedV1: ServiceDefined = {
  type: 'ServiceDefined',
  data: {
    serviceId: 's1',
    tenantId: 't1',
    version: 1,
    name: 'Strzyżenie męskie',
    priceGrosze: 6000,
    fixedPoints: null,
    active: true,
    definedAt: t0.toISOString(),
  },
};
const deleted: ServiceDeleted = {
  type: 'ServiceDeleted',
  data: { serviceId: 's1', tenantId: 't1', deletedAt: t1.toISOString() },
};

const spec = deciderSpecification(serviceDecider);

describe('when the service does not exist', () => {
  it('DefineService records version 1 with the contract payload', () => {
    spec.given([]).when(define()).then([definedV1]);
    expect(ServiceDefinedData.strict().parse(definedV1.data)).toEqual(definedV1.data);
  });

  it('Redefine and Delete are 404 SERVICE.NOT_FOUND', () => {
    spec
      .given([])
      .when(redefine())
      .thenThrows(ServiceNotFoundError, (e) => expect(e.code).toBe(CatalogueErrors.notFound.code));
    spec.given([]).when(remove()).thenThrows(ServiceNotFoundError);
  });
});

describe('when the service exists', () => {
  it('RedefineService records the whole new definition with the next version', () =>
    spec
      .given([definedV1])
      .when(redefine({ priceGrosze: 6500, fixedPoints: 70, active: false }))
      .then([
        {
          type: 'ServiceDefined',
          data: {
            ...definedV1.data,
            version: 2,
            priceGrosze: 6500,
            fixedPoints: 70,
            active: false,
            definedAt: t1.toISOString(),
          },
        },
      ]));

  it("another tenant's command does not find it", () => {
    spec.given([definedV1]).when(redefine({}, 't2')).thenThrows(ServiceNotFoundError);
    spec.given([definedV1]).when(remove('t2')).thenThrows(ServiceNotFoundError);
  });

  it('DefineService on the same stream is a conflict', () =>
    spec.given([definedV1]).when(define()).thenThrows(ConflictError));

  it('DeleteService records ServiceDeleted', () => spec.given([definedV1]).when(remove()).then([deleted]));
});

describe('when the service was deleted', () => {
  it('it cannot be changed (404) and deleting again changes nothing', () => {
    spec.given([definedV1, deleted]).when(redefine()).thenThrows(ServiceNotFoundError);
    spec.given([definedV1, deleted]).when(remove()).thenNothingHappens();
  });
});

describe('service names', () => {
  it('compare without case and extra spaces, Polish letters included', () => {
    expect(normaliseServiceName('  STRZYŻENIE   Męskie ')).toBe(normaliseServiceName('strzyżenie męskie'));
    expect(normaliseServiceName('Strzyżenie')).not.toBe(normaliseServiceName('Strzyzenie'));
  });
});

import { ProgramDefinedData, ProgramShortCodeAssignedData } from '@punkto/contracts/integration-events';
import { ProgramErrors, ProgramInput, type ProgramInputParsed } from '@punkto/contracts/programs';
import { ConflictError } from '@punkto/platform/errors/errors';
import { deciderSpecification } from '@punkto/platform/es/decider-specification';
import { describe, expect, it } from 'vitest';
import type { ProgramDefined, ProgramDeleted, ProgramShortCodeAssigned } from './program';
import {
  programDecider,
  type AssignShortCode,
  type DefineProgram,
  type DeleteProgram,
  type RedefineProgram,
} from './program.decider';
import {
  DuplicateRewardError,
  ProgramDeletedError,
  ProgramKindChangeError,
  ProgramNotFoundError,
  UnknownRewardError,
} from './program.errors';

const t0 = new Date('2026-03-02T10:00:00.000Z');
const t1 = new Date('2026-03-03T10:00:00.000Z');

const stampsInput = (overrides: Record<string, unknown> = {}): ProgramInputParsed =>
  ProgramInput.parse({
    kind: 'stamps',
    name: 'Co 10. kawa gratis',
    stampsRequired: 10,
    rewards: [{ name: 'Kawa gratis', cost: 10 }],
    ...overrides,
  });

const define = (input = stampsInput(), newRewardIds = ['r1', 'r2', 'r3']): DefineProgram => ({
  type: 'DefineProgram',
  data: { programId: 'p1', tenantId: 't1', input, newRewardIds, shortCode: 'AB3D9' },
  metadata: { now: t0 },
});
const redefine = (
  input: ProgramInputParsed,
  newRewardIds = ['n1', 'n2'],
  tenantId = 't1',
): RedefineProgram => ({
  type: 'RedefineProgram',
  data: { programId: 'p1', tenantId, input, newRewardIds },
  metadata: { now: t1 },
});
const remove = (tenantId = 't1'): DeleteProgram => ({
  type: 'DeleteProgram',
  data: { programId: 'p1', tenantId },
  metadata: { now: t1 },
});

const assign = (shortCode = 'XY7K2', tenantId = 't1'): AssignShortCode => ({
  type: 'AssignShortCode',
  data: { programId: 'p1', tenantId, shortCode },
  metadata: { now: t1 },
});

const reward = (id: string, name: string, cost: number) => ({
  id,
  name,
  description: '',
  cost,
  active: true,
  schedule: { weekdays: [], hours: null, dateRange: null },
  limits: { perCard: {}, stock: null },
});
const definedV1: ProgramDefined = {
  type: 'ProgramDefined',
  data: {
    programId: 'p1',
    tenantId: 't1',
    version: 1,
    kind: 'stamps',
    name: 'Co 10. kawa gratis',
    description: '',
    active: true,
    pointsPerPln: null,
    stampsRequired: 10,
    levels: null,
    rewards: [reward('r1', 'Kawa gratis', 10)],
    birthdayReward: null,
    definedAt: t0.toISOString(),
  },
};
const deleted: ProgramDeleted = {
  type: 'ProgramDeleted',
  data: { programId: 'p1', tenantId: 't1', deletedAt: t1.toISOString() },
};

const codeAssigned = (shortCode: string, at: Date): ProgramShortCodeAssigned => ({
  type: 'ProgramShortCodeAssigned',
  data: { programId: 'p1', tenantId: 't1', shortCode, assignedAt: at.toISOString() },
});

const spec = deciderSpecification(programDecider);

describe('when the program does not exist', () => {
  it('DefineProgram records version 1 with a new id for every reward, and its short code', () =>
    spec
      .given([])
      .when(define())
      .then([definedV1, codeAssigned('AB3D9', t0)]));

  it('AssignShortCode is 404', () => spec.given([]).when(assign()).thenThrows(ProgramNotFoundError));

  it('the payload is exactly the contract ProgramDefinedData (the card ledger parses it)', () => {
    const [event] = programDecider.decide(define(), programDecider.initialState()) as ProgramDefined[];
    expect(ProgramDefinedData.strict().parse(event!.data)).toEqual(event!.data);
  });

  it('points and tiers carry their rate and levels, stamps their count; the rest is null', () => {
    const tiers = ProgramInput.parse({
      kind: 'tiers',
      name: 'Klub stałego klienta',
      pointsPerPln: 1.5,
      levels: [
        { name: 'Srebrny', minLifetimePoints: 0, multiplier: 1 },
        { name: 'Złoty', minLifetimePoints: 1000, multiplier: 1.5 },
      ],
    });
    const [event] = programDecider.decide(define(tiers), programDecider.initialState()) as ProgramDefined[];
    expect(event!.data).toMatchObject({ kind: 'tiers', pointsPerPln: 1.5, stampsRequired: null });
    expect(event!.data.levels).toHaveLength(2);
  });

  it('a reward that names an id is refused: there are no rewards yet', () =>
    spec
      .given([])
      .when(define(stampsInput({ rewards: [{ id: 'r9', name: 'Kawa', cost: 10 }] })))
      .thenThrows(UnknownRewardError, (e) => expect(e.code).toBe(ProgramErrors.unknownReward.code)));

  it('Redefine and Delete are 404', () => {
    spec.given([]).when(redefine(stampsInput())).thenThrows(ProgramNotFoundError);
    spec.given([]).when(remove()).thenThrows(ProgramNotFoundError);
  });
});

describe('when the program was created before short codes (no code yet)', () => {
  it('AssignShortCode records the code', () =>
    spec
      .given([definedV1])
      .when(assign('XY7K2'))
      .then([codeAssigned('XY7K2', t1)]));

  it('the payload is exactly the contract ProgramShortCodeAssignedData', () => {
    const state = programDecider.evolve(programDecider.initialState(), definedV1);
    const [event] = programDecider.decide(assign(), state) as ProgramShortCodeAssigned[];
    expect(ProgramShortCodeAssignedData.strict().parse(event!.data)).toEqual(event!.data);
  });

  it("another tenant's AssignShortCode does not find it", () =>
    spec.given([definedV1]).when(assign('XY7K2', 't2')).thenThrows(ProgramNotFoundError));
});

describe('when the program has its short code', () => {
  it('AssignShortCode changes nothing: a code is never replaced (a racing request loses)', () =>
    spec
      .given([definedV1, codeAssigned('AB3D9', t0)])
      .when(assign('XY7K2'))
      .thenNothingHappens());

  it('a redefinition keeps the code', () => {
    const events = [definedV1, codeAssigned('AB3D9', t0)];
    const state = events.reduce(programDecider.evolve, programDecider.initialState());
    const [v2] = programDecider.decide(redefine(stampsInput()), state);
    const after = programDecider.evolve(state, v2!);
    expect(after).toMatchObject({ status: 'active', shortCode: 'AB3D9', definition: { version: 2 } });
  });
});

describe('when the program exists (version 1, reward r1)', () => {
  it('RedefineProgram increments the version, keeps r1 and gives new rewards new ids', () =>
    spec
      .given([definedV1])
      .when(
        redefine(
          stampsInput({
            name: 'Co 8. kawa gratis',
            stampsRequired: 8,
            rewards: [
              { name: 'Ciastko', cost: 4 },
              { id: 'r1', name: 'Kawa gratis (duża)', cost: 8 },
            ],
          }),
        ),
      )
      .then([
        {
          type: 'ProgramDefined',
          data: {
            ...definedV1.data,
            version: 2,
            name: 'Co 8. kawa gratis',
            stampsRequired: 8,
            rewards: [reward('n1', 'Ciastko', 4), reward('r1', 'Kawa gratis (duża)', 8)],
            definedAt: t1.toISOString(),
          },
        },
      ]));

  it('a redefinition without changes is still a new version (every definition is published)', () =>
    spec
      .given([definedV1])
      .when(redefine(stampsInput({ rewards: [{ id: 'r1', name: 'Kawa gratis', cost: 10 }] })))
      .then([
        { type: 'ProgramDefined', data: { ...definedV1.data, version: 2, definedAt: t1.toISOString() } },
      ]));

  it('the birthday reward (ADR 0058) travels with the definition to the card ledger', () => {
    const birthdayReward = { name: 'Darmowa kawa na urodziny', daysBefore: 7, daysAfter: 3 };
    spec
      .given([definedV1])
      .when(redefine(stampsInput({ rewards: [{ id: 'r1', name: 'Kawa gratis', cost: 10 }], birthdayReward })))
      .then([
        {
          type: 'ProgramDefined',
          data: { ...definedV1.data, version: 2, birthdayReward, definedAt: t1.toISOString() },
        },
      ]);
  });

  it('omitting a reward removes it; its id cannot come back later', () => {
    const v2: ProgramDefined = {
      type: 'ProgramDefined',
      data: { ...definedV1.data, version: 2, rewards: [] },
    };
    spec
      .given([definedV1, v2])
      .when(redefine(stampsInput({ rewards: [{ id: 'r1', name: 'Kawa gratis', cost: 10 }] })))
      .thenThrows(UnknownRewardError);
  });

  it('the kind cannot change: 409 PROGRAM.KIND_CHANGE', () =>
    spec
      .given([definedV1])
      .when(redefine(ProgramInput.parse({ kind: 'points', name: 'Punkty', pointsPerPln: 1 })))
      .thenThrows(ProgramKindChangeError, (e) => {
        expect(e.status).toBe(409);
        expect(e.code).toBe('PROGRAM.KIND_CHANGE');
      }));

  it('an unknown reward id is refused with PROGRAM.UNKNOWN_REWARD', () =>
    spec
      .given([definedV1])
      .when(redefine(stampsInput({ rewards: [{ id: 'nope', name: 'Kawa', cost: 10 }] })))
      .thenThrows(UnknownRewardError, (e) => {
        expect(e.status).toBe(400);
        expect(e.code).toBe('PROGRAM.UNKNOWN_REWARD');
      }));

  it('the same reward id twice is refused', () =>
    spec
      .given([definedV1])
      .when(
        redefine(
          stampsInput({
            rewards: [
              { id: 'r1', name: 'Kawa', cost: 10 },
              { id: 'r1', name: 'Kawa 2', cost: 8 },
            ],
          }),
        ),
      )
      .thenThrows(DuplicateRewardError));

  it("another tenant's command does not find it", () => {
    spec
      .given([definedV1])
      .when(redefine(stampsInput(), [], 't2'))
      .thenThrows(ProgramNotFoundError);
    spec.given([definedV1]).when(remove('t2')).thenThrows(ProgramNotFoundError);
  });

  it('DefineProgram on the same stream is a conflict', () =>
    spec.given([definedV1]).when(define()).thenThrows(ConflictError));

  it('DeleteProgram records ProgramDeleted', () => spec.given([definedV1]).when(remove()).then([deleted]));
});

describe('when the program was deleted', () => {
  it('RedefineProgram is refused with 410 PROGRAM.DELETED', () =>
    spec
      .given([definedV1, deleted])
      .when(redefine(stampsInput()))
      .thenThrows(ProgramDeletedError, (e) => {
        expect(e.status).toBe(410);
        expect(e.code).toBe('PROGRAM.DELETED');
      }));

  it('deleting again changes nothing', () =>
    spec.given([definedV1, deleted]).when(remove()).thenNothingHappens());

  it('AssignShortCode is refused with 410 PROGRAM.DELETED', () =>
    spec.given([definedV1, deleted]).when(assign()).thenThrows(ProgramDeletedError));
});

describe("a reward's cost to the business (valueGrosze, for the liability in PLN)", () => {
  const withValue = (value: number | undefined) =>
    stampsInput({
      rewards: [{ name: 'Kawa gratis', cost: 10, ...(value === undefined ? {} : { valueGrosze: value }) }],
    });

  it('given no program, when it is defined with a value, then ProgramDefined carries it (the contract parses it)', () => {
    const [event] = programDecider.decide(
      define(withValue(1250)),
      programDecider.initialState(),
    ) as ProgramDefined[];
    expect(event!.data.rewards[0]).toMatchObject({ id: 'r1', cost: 10, valueGrosze: 1250 });
    expect(ProgramDefinedData.strict().parse(event!.data)).toEqual(event!.data);
  });

  it('given no program, when it is defined with 0 zł (a free giveaway), then 0 is kept', () => {
    const [event] = programDecider.decide(
      define(withValue(0)),
      programDecider.initialState(),
    ) as ProgramDefined[];
    expect(event!.data.rewards[0]!.valueGrosze).toBe(0);
  });

  it('given a valued reward, when the program is redefined without the value, then the field is absent', () => {
    const valued: ProgramDefined = {
      ...definedV1,
      data: { ...definedV1.data, rewards: [{ ...reward('r1', 'Kawa gratis', 10), valueGrosze: 900 }] },
    };
    const state = programDecider.evolve(programDecider.initialState(), valued);
    const [v2] = programDecider.decide(
      redefine(stampsInput({ rewards: [{ id: 'r1', name: 'Kawa gratis', cost: 10 }] })),
      state,
    ) as ProgramDefined[];
    expect(v2!.data.rewards[0]).toEqual(reward('r1', 'Kawa gratis', 10));
    expect('valueGrosze' in v2!.data.rewards[0]!).toBe(false);
  });

  it('an event from before the field reads with the value absent', () => {
    const old = ProgramDefinedData.parse(definedV1.data);
    expect(old.rewards[0]!.valueGrosze).toBeUndefined();
  });

  it.each([
    [-1, 'Koszt nagrody dla firmy nie może być ujemny.'],
    [12.5, 'Koszt nagrody dla firmy podaj w pełnych groszach (najwyżej 2 miejsca po przecinku).'],
    [100_000_001, 'Koszt nagrody dla firmy może wynosić najwyżej 1 000 000 zł.'],
    ['12,50', 'Koszt nagrody dla firmy podaj w złotych, np. 12,50.'],
  ])('the input schema refuses %s with a Polish message', (value, message) => {
    const result = ProgramInput.safeParse({
      kind: 'stamps',
      name: 'Kawa',
      stampsRequired: 10,
      rewards: [{ name: 'Kawa gratis', cost: 10, valueGrosze: value }],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toEqual([
      expect.objectContaining({ path: ['rewards', 0, 'valueGrosze'], message }),
    ]);
  });

  it('the input schema accepts the upper bound, 1 000 000 zł', () => {
    expect(ProgramInput.safeParse(withValue(100_000_000)).success).toBe(true);
  });
});

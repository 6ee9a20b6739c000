import { ProgramInput, type Program } from '@punkto/contracts/programs';
import { describe, expect, it } from 'vitest';
import {
  emptyProgramForm,
  newLevel,
  newReward,
  programFormOf,
  serverErrorsOf,
  toProgramInput,
  validateProgram,
  type ProgramFormValues,
} from './program-form';

/** The e2e journey's program: 1 pt/zł, "Darmowa kawa" for 100 pts, once a day, Mon–Fri 08:00–12:00. */
function coffeeProgram(): ProgramFormValues {
  return {
    ...emptyProgramForm('points'),
    name: 'Punkty za kawę',
    pointsPerPln: 1,
    rewards: [
      {
        ...newReward(),
        name: 'Darmowa kawa',
        cost: 100,
        weekdays: [5, 1, 2, 3, 4],
        hoursEnabled: true,
        hoursFrom: '08:00',
        hoursTo: '12:00',
        perDay: 1,
      },
    ],
  };
}

describe('the program editor → ProgramInput (the contract schema)', () => {
  it('a points program with a scheduled, limited reward becomes the request body', () => {
    const result = validateProgram(coffeeProgram());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.body).toEqual({
      kind: 'points',
      name: 'Punkty za kawę',
      description: '',
      active: true,
      pointsPerPln: 1,
      rewards: [
        {
          name: 'Darmowa kawa',
          description: '',
          cost: 100,
          active: true,
          schedule: { weekdays: [1, 2, 3, 4, 5], hours: { from: '08:00', to: '12:00' }, dateRange: null },
          limits: { perCard: { day: 1, week: null, month: null }, stock: null },
        },
      ],
      birthdayReward: null,
    });
  });

  it('the birthday reward (ADR 0058): off sends null, on sends its name and days, bounded', () => {
    const on = validateProgram({
      ...coffeeProgram(),
      birthdayEnabled: true,
      birthdayName: 'Darmowa kawa na urodziny',
      birthdayDaysBefore: 3,
      birthdayDaysAfter: 10,
    });
    expect(on.ok && on.body.birthdayReward).toEqual({
      name: 'Darmowa kawa na urodziny',
      daysBefore: 3,
      daysAfter: 10,
    });
    const tooLong = validateProgram({ ...coffeeProgram(), birthdayEnabled: true, birthdayDaysAfter: 31 });
    expect(!tooLong.ok && tooLong.errors['birthdayReward.daysAfter']).toBe('Najwyżej 30 dni.');
    const unnamed = validateProgram({ ...coffeeProgram(), birthdayEnabled: true, birthdayName: '' });
    expect(!unnamed.ok && unnamed.errors['birthdayReward.name']).toBe(
      'Nazwa nagrody urodzinowej musi mieć co najmniej 2 znaki.',
    );
  });

  it('a stored birthday reward shows in the editor', () => {
    const program = {
      id: 'p1',
      tenantId: 't1',
      kind: 'points' as const,
      name: 'Punkty',
      description: '',
      active: true,
      pointsPerPln: 2,
      stampsRequired: null,
      levels: null,
      rewards: [],
      birthdayReward: { name: 'Ciastko urodzinowe', daysBefore: 0, daysAfter: 14 },
      enrolmentUrl: 'http://localhost/k/AB3D9',
      shortCode: 'AB3D9',
      createdAt: '2026-01-01T10:00:00.000Z',
      updatedAt: '2026-01-01T10:00:00.000Z',
    };
    expect(programFormOf(program)).toMatchObject({
      birthdayEnabled: true,
      birthdayName: 'Ciastko urodzinowe',
      birthdayDaysBefore: 0,
      birthdayDaysAfter: 14,
    });
  });

  it('a stamps program sends stampsRequired and no points rate', () => {
    const body = toProgramInput({
      ...emptyProgramForm('stamps'),
      name: 'Co dziesiąta gratis',
      stampsRequired: 10,
    });
    expect(body).toMatchObject({ kind: 'stamps', stampsRequired: 10 });
    expect(body).not.toHaveProperty('pointsPerPln');
    expect(ProgramInput.safeParse(body).success).toBe(true);
  });

  it('a tiers program sends its levels', () => {
    const result = validateProgram({ ...emptyProgramForm('tiers'), name: 'Klub stałego klienta' });
    expect(result.ok).toBe(true);
    expect(result.ok && result.data).toMatchObject({
      kind: 'tiers',
      levels: [
        { name: 'Brązowy', minLifetimePoints: 0, multiplier: 1 },
        { name: 'Srebrny', minLifetimePoints: 500, multiplier: 1.25 },
        { name: 'Złoty', minLifetimePoints: 1500, multiplier: 1.5 },
      ],
    });
  });
});

describe('errors in Polish, keyed like the server errors map', () => {
  it('empty inputs are required, the contract messages win where it has them', () => {
    const values = coffeeProgram();
    values.name = 'K';
    values.pointsPerPln = '';
    values.rewards[0]!.cost = '';
    values.rewards[0]!.hoursFrom = '13:00';
    const result = validateProgram(values);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      name: 'Nazwa programu musi mieć co najmniej 2 znaki.',
      pointsPerPln: 'Podaj liczbę punktów za 1 zł.',
      'rewards.0.cost': 'To pole jest wymagane.',
      'rewards.0.schedule.hours': 'Godzina „od” musi być wcześniejsza niż „do”.',
    });
  });

  it('levels must start at 0 and grow; a fraction of a point is refused', () => {
    const values = { ...emptyProgramForm('tiers'), name: 'Poziomy' };
    values.levels = [newLevel('Start', 10, 1), newLevel('Wyżej', 5, 1.5)];
    const result = validateProgram(values);
    expect(!result.ok && result.errors.levels).toBe('Pierwszy poziom musi zaczynać się od 0 punktów.');

    values.levels = [newLevel('Start', 0, 1), newLevel('Wyżej', 2.5, 0.5)];
    const second = validateProgram(values);
    expect(!second.ok && second.errors).toMatchObject({
      'levels.1.minLifetimePoints': 'Podaj liczbę całkowitą.',
      'levels.1.multiplier': 'Mnożnik musi wynosić co najmniej 1.',
    });
  });

  it('limits and the stock pool are checked', () => {
    const values = coffeeProgram();
    values.rewards[0]!.perWeek = 0;
    values.rewards[0]!.stockEnabled = true;
    values.rewards[0]!.stockQuantity = '';
    const result = validateProgram(values);
    expect(!result.ok && result.errors).toEqual({
      'rewards.0.limits.perCard.week': 'Limit musi wynosić co najmniej 1.',
      'rewards.0.limits.stock.quantity': 'To pole jest wymagane.',
    });
  });

  it("the server's map uses the same keys", () => {
    expect(
      serverErrorsOf({ 'rewards.0.cost': ['Za drogo.', 'Naprawdę.'], 'body.name': ['Zła nazwa.'] }),
    ).toEqual({
      'rewards.0.cost': 'Za drogo. Naprawdę.',
      name: 'Zła nazwa.',
    });
  });
});

describe('editing an existing program', () => {
  it('keeps reward ids and shows the stored rules in the inputs', () => {
    const program: Program = {
      id: 'p1',
      tenantId: 't1',
      kind: 'points',
      name: 'Punkty',
      description: '',
      active: true,
      pointsPerPln: 2,
      stampsRequired: null,
      levels: null,
      enrolmentUrl: 'http://localhost/k/AB3D9',
      shortCode: 'AB3D9',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      rewards: [
        {
          id: 'r1',
          name: 'Ciastko',
          description: 'Do kawy',
          cost: 50,
          active: false,
          schedule: { weekdays: [6, 7], hours: null, dateRange: { from: '2026-06-01', to: '2026-08-31' } },
          limits: { perCard: { month: 2 }, stock: { quantity: 20, period: 'week' } },
        },
      ],
    };
    const form = programFormOf(program);
    expect(form.rewards[0]).toMatchObject({
      id: 'r1',
      weekdays: [6, 7],
      hoursEnabled: false,
      datesEnabled: true,
      dateFrom: '2026-06-01',
      perDay: '',
      perMonth: 2,
      stockEnabled: true,
      stockQuantity: 20,
      stockPeriod: 'week',
    });
    const result = validateProgram(form);
    expect(result.ok && result.body.rewards?.[0]).toMatchObject({
      id: 'r1',
      limits: { perCard: { day: null, week: null, month: 2 }, stock: { quantity: 20, period: 'week' } },
    });
  });
});

describe("a reward's cost to the business (valueGrosze)", () => {
  const withValue = (value: string) => {
    const values = coffeeProgram();
    values.rewards[0]!.value = value;
    return values;
  };

  it.each([
    ['12,50', 1250],
    ['1 234,5', 123450],
    ['0', 0],
    ['7 zł', 700],
  ])('given „%s” typed, then the body carries %i grosze', (typed, grosze) => {
    const result = validateProgram(withValue(typed));
    expect(result.ok && result.body.rewards?.[0]).toMatchObject({ valueGrosze: grosze });
  });

  it('given nothing typed, then the body has no valueGrosze (the reward is not valued)', () => {
    const result = validateProgram(withValue('  '));
    expect(result.ok).toBe(true);
    expect(result.ok && 'valueGrosze' in result.body.rewards![0]!).toBe(false);
  });

  it.each([
    ['12,505', 'Koszt nagrody dla firmy podaj w złotych, np. 12,50.'],
    ['-5', 'Koszt nagrody dla firmy podaj w złotych, np. 12,50.'],
    ['abc', 'Koszt nagrody dla firmy podaj w złotych, np. 12,50.'],
    ['1000000,01', 'Koszt nagrody dla firmy może wynosić najwyżej 1 000 000 zł.'],
  ])('given „%s”, then the reward’s value field says what is wrong', (typed, message) => {
    const result = validateProgram(withValue(typed));
    expect(result).toEqual({ ok: false, errors: { 'rewards.0.valueGrosze': message } });
  });

  it('an existing valued reward shows its value in złoty, and an unvalued one an empty field', () => {
    const reward = ProgramInput.parse({
      kind: 'points',
      name: 'Punkty',
      pointsPerPln: 1,
      rewards: [
        { name: 'Kawa', cost: 100, valueGrosze: 850 },
        { name: 'Ciastko', cost: 50 },
      ],
    }).rewards;
    const form = programFormOf({
      ...({} as Program),
      kind: 'points',
      name: 'Punkty',
      description: '',
      active: true,
      pointsPerPln: 1,
      stampsRequired: null,
      levels: null,
      rewards: reward.map((r, i) => ({ ...r, id: `r${i}` })),
    });
    expect(form.rewards.map((r) => r.value)).toEqual(['8,50', '']);
  });
});

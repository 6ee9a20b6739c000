import {
  ProgramInput,
  type LimitPeriod,
  type Program,
  type ProgramInputParsed,
  type ProgramKind,
} from '@punkto/contracts/programs';
import type { z } from 'zod';
import { groszeToInput, parsePriceToGrosze } from '../../../../lib/money';

/**
 * The program editor's state and its bridge to the contract: the form keeps what the inputs show (numbers may be
 * '' while typed, optional parts have on/off switches), `toProgramInput` builds the request body, and
 * `validateProgram` parses it with THE SAME `ProgramInput` schema the tenant service uses. Errors are keyed by the
 * contract path (`rewards.0.schedule.hours.from`), exactly like the server's SPEC §8 `errors` map, so client and
 * server errors land on the same inputs.
 */

export type NumberValue = number | '';

export type RewardFormValues = {
  /** React key of the row (not sent) */
  key: string;
  /** present for an existing reward: keeps its identity and redemption history */
  id?: string | undefined;
  name: string;
  description: string;
  cost: NumberValue;
  /** what the reward costs the business, in złoty as typed ("12,50"); '' = not given */
  value: string;
  active: boolean;
  /** ISO weekdays 1 (Mon) … 7 (Sun); empty = every day */
  weekdays: number[];
  hoursEnabled: boolean;
  hoursFrom: string;
  hoursTo: string;
  datesEnabled: boolean;
  dateFrom: string;
  dateTo: string;
  perDay: NumberValue;
  perWeek: NumberValue;
  perMonth: NumberValue;
  stockEnabled: boolean;
  stockQuantity: NumberValue;
  /** 'none' = the pool is never renewed */
  stockPeriod: LimitPeriod | 'none';
};

export type LevelFormValues = {
  key: string;
  name: string;
  minLifetimePoints: NumberValue;
  multiplier: NumberValue;
  benefits: string;
};

export type ProgramFormValues = {
  kind: ProgramKind;
  name: string;
  description: string;
  active: boolean;
  pointsPerPln: NumberValue;
  stampsRequired: NumberValue;
  levels: LevelFormValues[];
  rewards: RewardFormValues[];
  /** the birthday reward (ADR 0058): on/off, its name and the days before/after the birthday it can be used */
  birthdayEnabled: boolean;
  birthdayName: string;
  birthdayDaysBefore: NumberValue;
  birthdayDaysAfter: NumberValue;
};

export type FormErrors = Record<string, string>;

let keys = 0;
const nextKey = (prefix: string) => `${prefix}-${++keys}`;

export function newReward(): RewardFormValues {
  return {
    key: nextKey('reward'),
    name: '',
    description: '',
    cost: '',
    value: '',
    active: true,
    weekdays: [],
    hoursEnabled: false,
    hoursFrom: '08:00',
    hoursTo: '12:00',
    datesEnabled: false,
    dateFrom: '',
    dateTo: '',
    perDay: '',
    perWeek: '',
    perMonth: '',
    stockEnabled: false,
    stockQuantity: '',
    stockPeriod: 'none',
  };
}

export function newLevel(
  name = '',
  minLifetimePoints: NumberValue = '',
  multiplier: NumberValue = 1,
): LevelFormValues {
  return { key: nextKey('level'), name, minLifetimePoints, multiplier, benefits: '' };
}

export function defaultLevels(): LevelFormValues[] {
  return [newLevel('Brązowy', 0, 1), newLevel('Srebrny', 500, 1.25), newLevel('Złoty', 1500, 1.5)];
}

export function emptyProgramForm(kind: ProgramKind = 'points'): ProgramFormValues {
  return {
    kind,
    name: '',
    description: '',
    active: true,
    pointsPerPln: 1,
    stampsRequired: 10,
    levels: defaultLevels(),
    rewards: [],
    ...NO_BIRTHDAY_REWARD,
  };
}

const NO_BIRTHDAY_REWARD = {
  birthdayEnabled: false,
  birthdayName: 'Darmowa kawa na urodziny',
  birthdayDaysBefore: 7,
  birthdayDaysAfter: 7,
} satisfies Partial<ProgramFormValues>;

const orEmpty = (value: number | null | undefined): NumberValue =>
  value === null || value === undefined ? '' : value;

/** An existing program in the editor. */
export function programFormOf(program: Program): ProgramFormValues {
  return {
    kind: program.kind,
    name: program.name,
    description: program.description,
    active: program.active,
    pointsPerPln: orEmpty(program.pointsPerPln) || 1,
    stampsRequired: orEmpty(program.stampsRequired) || 10,
    levels: program.levels?.map((l) => ({ ...newLevel(), ...l })) ?? defaultLevels(),
    rewards: program.rewards.map((r) => ({
      ...newReward(),
      id: r.id,
      name: r.name,
      description: r.description,
      cost: r.cost,
      value: r.valueGrosze === undefined ? '' : groszeToInput(r.valueGrosze),
      active: r.active,
      weekdays: [...r.schedule.weekdays].sort(),
      hoursEnabled: r.schedule.hours !== null,
      hoursFrom: r.schedule.hours?.from ?? '08:00',
      hoursTo: r.schedule.hours?.to ?? '12:00',
      datesEnabled: r.schedule.dateRange !== null,
      dateFrom: r.schedule.dateRange?.from ?? '',
      dateTo: r.schedule.dateRange?.to ?? '',
      perDay: orEmpty(r.limits.perCard.day),
      perWeek: orEmpty(r.limits.perCard.week),
      perMonth: orEmpty(r.limits.perCard.month),
      stockEnabled: r.limits.stock !== null,
      stockQuantity: orEmpty(r.limits.stock?.quantity),
      stockPeriod: r.limits.stock?.period ?? 'none',
    })),
    ...(program.birthdayReward
      ? {
          birthdayEnabled: true,
          birthdayName: program.birthdayReward.name,
          birthdayDaysBefore: program.birthdayReward.daysBefore,
          birthdayDaysAfter: program.birthdayReward.daysAfter,
        }
      : NO_BIRTHDAY_REWARD),
  };
}

/** '' (an empty input) is "not given": zod then says the field is required. */
const num = (value: NumberValue): number | undefined => (value === '' ? undefined : Number(value));
const optionalLimit = (value: NumberValue): number | null => (value === '' ? null : Number(value));

/**
 * A reward's value as typed: '' → not given (undefined), "12,50" → 1250; anything else → NaN, which the
 * contract refuses with „Koszt nagrody dla firmy podaj w złotych, np. 12,50.”
 */
export function rewardValueOf(value: string): number | undefined {
  if (value.trim() === '') return undefined;
  return parsePriceToGrosze(value.trim()) ?? Number.NaN;
}

/** The request body the editor stands for (before validation; the schema decides what is wrong). */
export function toProgramInput(values: ProgramFormValues): ProgramInput {
  const rewards = values.rewards.map((r) => ({
    ...(r.id ? { id: r.id } : {}),
    name: r.name,
    description: r.description,
    cost: num(r.cost) as number,
    ...(r.value.trim() === '' ? {} : { valueGrosze: rewardValueOf(r.value) }),
    active: r.active,
    schedule: {
      weekdays: [...r.weekdays].sort((a, b) => a - b),
      hours: r.hoursEnabled ? { from: r.hoursFrom, to: r.hoursTo } : null,
      dateRange: r.datesEnabled ? { from: r.dateFrom, to: r.dateTo } : null,
    },
    limits: {
      perCard: {
        day: optionalLimit(r.perDay),
        week: optionalLimit(r.perWeek),
        month: optionalLimit(r.perMonth),
      },
      stock: r.stockEnabled
        ? {
            quantity: num(r.stockQuantity) as number,
            period: r.stockPeriod === 'none' ? null : r.stockPeriod,
          }
        : null,
    },
  }));
  const birthdayReward = values.birthdayEnabled
    ? {
        name: values.birthdayName,
        daysBefore: num(values.birthdayDaysBefore) as number,
        daysAfter: num(values.birthdayDaysAfter) as number,
      }
    : null;
  const base = {
    name: values.name,
    description: values.description,
    active: values.active,
    rewards,
    birthdayReward,
  };
  switch (values.kind) {
    case 'points':
      return { ...base, kind: 'points', pointsPerPln: num(values.pointsPerPln) as number };
    case 'stamps':
      return { ...base, kind: 'stamps', stampsRequired: num(values.stampsRequired) as number };
    case 'tiers':
      return {
        ...base,
        kind: 'tiers',
        pointsPerPln: num(values.pointsPerPln) as number,
        levels: values.levels.map((l) => ({
          name: l.name,
          minLifetimePoints: num(l.minLifetimePoints) as number,
          multiplier: num(l.multiplier) as number,
          benefits: l.benefits,
        })),
      };
    default: {
      const unknownKind: never = values.kind;
      return unknownKind;
    }
  }
}

/**
 * Polish text for the issues the contract leaves to zod's defaults (a missing number, a fraction where a whole
 * number is needed, plain min/max). Messages the contract sets itself always win.
 */
export function polishIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '')
        return 'To pole jest wymagane.';
      if (issue.expected === 'int') return 'Podaj liczbę całkowitą.';
      if (issue.expected === 'number') return 'Podaj liczbę.';
      return 'Nieprawidłowa wartość.';
    case 'too_small':
      if (issue.origin === 'number') return `Wartość musi wynosić co najmniej ${String(issue.minimum)}.`;
      if (issue.origin === 'string') return `Wpisz co najmniej ${String(issue.minimum)} znaki.`;
      if (issue.origin === 'array') return `Dodaj co najmniej ${String(issue.minimum)} pozycje.`;
      return 'Wartość jest za mała.';
    case 'too_big':
      if (issue.origin === 'number') return `Wartość może wynosić najwyżej ${String(issue.maximum)}.`;
      if (issue.origin === 'string') return `Tekst może mieć najwyżej ${String(issue.maximum)} znaków.`;
      if (issue.origin === 'array') return `Najwyżej ${String(issue.maximum)} pozycji.`;
      return 'Wartość jest za duża.';
    default:
      return 'Nieprawidłowa wartość.';
  }
}

export const pathKey = (path: ReadonlyArray<PropertyKey>) => path.map(String).join('.');

/** The editor's values parsed with the contract's ProgramInput; errors keyed by contract path (first wins). */
export function validateProgram(
  values: ProgramFormValues,
): { ok: true; data: ProgramInputParsed; body: ProgramInput } | { ok: false; errors: FormErrors } {
  const body = toProgramInput(values);
  const result = ProgramInput.safeParse(body, { error: polishIssueMessage });
  if (result.success) return { ok: true, data: result.data, body };
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const key = pathKey(issue.path);
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The server's `errors` map (`rewards.0.cost`, `body.name`…) in the editor's keys; messages joined. */
export function serverErrorsOf(errors: Readonly<Record<string, readonly string[]>>): FormErrors {
  const result: FormErrors = {};
  for (const [key, messages] of Object.entries(errors)) {
    result[key.replace(/^body[./]/, '').replace(/\//g, '.')] = messages.join(' ');
  }
  return result;
}

/** Cost unit of a reward by program kind. */
export function costUnit(kind: ProgramKind): { label: string; short: string } {
  return kind === 'stamps' ? { label: 'pieczątek', short: 'piecz.' } : { label: 'punktów', short: 'pkt' };
}

import { multiLineText, singleLineText } from './text';
import { ShortCode } from './enrolment-links';
import { z } from 'zod';
import { plural } from './plural';
import { BirthdayRewardSetting } from './birthdays';

/**
 * Loyalty programs and their rewards (SPEC §1, issue "Tenant setup…"). A program is one of three kinds:
 *
 * - `points`: the customer earns `pointsPerPln` points per złoty spent. ROUNDING RULE: points =
 *   floor(amountInGrosze × pointsPerPln / 100), i.e. rounded DOWN to whole points (12.99 zł at 1 pt/zł → 12).
 * - `stamps`: one stamp per visit; `stampsRequired` stamps earn the program's stamp reward ("buy 10, get the
 *   11th free": stampsRequired 10). The card starts again after the reward is redeemed.
 * - `tiers`: points as in `points`, plus levels reached by LIFETIME points (never lowered by redemptions);
 *   each level has a points multiplier applied when points are earned, and benefits described in words.
 *
 * Rewards belong to a program and cost points (points/tiers) or stamps (stamps); optionally they state what they
 * cost the business in grosze (`valueGrosze`, for the points liability in PLN of the analytics). Time restrictions and
 * availability limits travel in the program's events; the card ledger enforces them when redeeming.
 * Times are local to Poland (Europe/Warsaw). Weekdays are ISO: 1 = Monday … 7 = Sunday.
 */

export const ProgramKind = z.enum(['points', 'stamps', 'tiers']);
export type ProgramKind = z.infer<typeof ProgramKind>;

export const programKindLabels: Record<ProgramKind, string> = {
  points: 'Punkty',
  stamps: 'Pieczątki',
  tiers: 'Poziomy',
};

export const weekdayLabels = ['poniedziałek', 'wtorek', 'środa', 'czwartek', 'piątek', 'sobota', 'niedziela'];

const HourMinute = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Godzinę podaj w formacie GG:MM (np. 08:00).');
const IsoDate = z.iso.date('Datę podaj w formacie RRRR-MM-DD.');

export const RewardSchedule = z
  .object({
    /** ISO weekdays the reward can be redeemed; empty or missing = every day */
    weekdays: z
      .array(z.number().int().min(1).max(7))
      .max(7)
      .refine((d) => new Set(d).size === d.length, 'Dni tygodnia nie mogą się powtarzać.')
      .default([]),
    /** local time window [from, to): e.g. 08:00–12:00 */
    hours: z
      .object({ from: HourMinute, to: HourMinute })
      .refine((h) => h.from < h.to, 'Godzina „od” musi być wcześniejsza niż „do”.')
      .nullable()
      .default(null),
    /** inclusive local dates */
    dateRange: z
      .object({ from: IsoDate, to: IsoDate })
      .refine((r) => r.from <= r.to, 'Data początkowa musi być wcześniejsza niż końcowa.')
      .nullable()
      .default(null),
  })
  .meta({ id: 'RewardSchedule' });
export type RewardSchedule = z.infer<typeof RewardSchedule>;

const LimitCount = z.number().int().min(1, 'Limit musi wynosić co najmniej 1.').max(1000);

export const LimitPeriod = z.enum(['day', 'week', 'month']);
export type LimitPeriod = z.infer<typeof LimitPeriod>;
export const limitPeriodLabels: Record<LimitPeriod, string> = {
  day: 'dziennie',
  week: 'tygodniowo',
  month: 'miesięcznie',
};

export const RewardLimits = z
  .object({
    /** how many times ONE card may redeem the reward per calendar day / ISO week / calendar month */
    perCard: z
      .object({ day: LimitCount.nullable(), week: LimitCount.nullable(), month: LimitCount.nullable() })
      .partial()
      .default({}),
    /** optional total stock for ALL cards, renewed every period (`null` period = never renewed) */
    stock: z
      .object({
        quantity: z.number().int().min(1, 'Pula nagród musi wynosić co najmniej 1.').max(1_000_000),
        period: LimitPeriod.nullable(),
      })
      .nullable()
      .default(null),
  })
  .meta({ id: 'RewardLimits' });
export type RewardLimits = z.infer<typeof RewardLimits>;

/** 0 … 1 000 000 zł in whole grosze */
export const REWARD_VALUE_MAX_GROSZE = 100_000_000;
const RewardValueGrosze = z
  .number('Koszt nagrody dla firmy podaj w złotych, np. 12,50.')
  .int('Koszt nagrody dla firmy podaj w pełnych groszach (najwyżej 2 miejsca po przecinku).')
  .min(0, 'Koszt nagrody dla firmy nie może być ujemny.')
  .max(REWARD_VALUE_MAX_GROSZE, 'Koszt nagrody dla firmy może wynosić najwyżej 1 000 000 zł.');

export const RewardInput = z
  .object({
    /** present when editing an existing reward (keeps its identity and redemption history) */
    id: z.string().min(1).max(64).optional(),
    name: singleLineText().min(2, 'Nazwa nagrody musi mieć co najmniej 2 znaki.').max(80),
    description: multiLineText().max(300, 'Opis nagrody może mieć najwyżej 300 znaków.').default(''),
    /** points (points/tiers programs) or stamps (stamps programs) */
    cost: z.number().int().min(1, 'Koszt nagrody musi wynosić co najmniej 1.').max(1_000_000),
    /**
     * what honouring the reward once costs the BUSINESS, in grosze (its price or cost of goods); optional —
     * absent in programs and events from before the field. Used only to value the points on customers' cards in
     * the analytics (ADR 0023); never shown to customers.
     */
    valueGrosze: RewardValueGrosze.optional(),
    active: z.boolean().default(true),
    schedule: RewardSchedule.default({ weekdays: [], hours: null, dateRange: null }),
    limits: RewardLimits.default({ perCard: {}, stock: null }),
  })
  .meta({ id: 'RewardInput' });
export type RewardInput = z.input<typeof RewardInput>;

export const Reward = RewardInput.extend({ id: z.string() }).meta({ id: 'Reward' });
export type Reward = z.infer<typeof Reward>;

export const TierLevel = z
  .object({
    name: singleLineText().min(2, 'Nazwa poziomu musi mieć co najmniej 2 znaki.').max(40),
    /** lifetime points needed to reach the level; the first level starts at 0 */
    minLifetimePoints: z.number().int().min(0).max(10_000_000),
    /** multiplier of earned points at this level, e.g. 1.5 */
    multiplier: z.number().min(1, 'Mnożnik musi wynosić co najmniej 1.').max(10),
    benefits: multiLineText().max(300).default(''),
  })
  .meta({ id: 'TierLevel' });
export type TierLevel = z.infer<typeof TierLevel>;

const PointsPerPln = z
  .number('Podaj liczbę punktów za 1 zł.')
  .positive('Liczba punktów za 1 zł musi być większa od zera.')
  .max(100, 'Najwyżej 100 punktów za 1 zł.');

const ProgramBase = z.object({
  name: singleLineText().min(2, 'Nazwa programu musi mieć co najmniej 2 znaki.').max(80),
  description: multiLineText().max(500).default(''),
  active: z.boolean().default(true),
  rewards: z.array(RewardInput).max(50, 'Program może mieć najwyżej 50 nagród.').default([]),
  /** the birthday reward (ADR 0058), null: none */
  birthdayReward: BirthdayRewardSetting.nullable().default(null),
});

/** a stamp reward never costs more stamps than the card holds (issue 33: a 12-stamp reward on a 10-stamp card) */
export const stampRewardTooDear = (stampsRequired: number) =>
  `Nagroda może kosztować najwyżej ${stampsRequired} ${plural(stampsRequired, 'pieczątkę', 'pieczątki', 'pieczątek')} — tyle ma karta.`;

function rewardsFitTheCard(
  program: { stampsRequired: number; rewards: Array<{ cost: number }> },
  ctx: z.RefinementCtx,
): void {
  program.rewards.forEach((reward, index) => {
    if (reward.cost > program.stampsRequired)
      ctx.addIssue({
        code: 'custom',
        path: ['rewards', index, 'cost'],
        message: stampRewardTooDear(program.stampsRequired),
      });
  });
}

export const ProgramInput = z
  .discriminatedUnion('kind', [
    ProgramBase.extend({ kind: z.literal('points'), pointsPerPln: PointsPerPln }),
    ProgramBase.extend({
      kind: z.literal('stamps'),
      stampsRequired: z
        .number()
        .int()
        .min(2, 'Karta musi mieć co najmniej 2 pieczątki.')
        .max(50, 'Karta może mieć najwyżej 50 pieczątek.'),
    }).superRefine(rewardsFitTheCard),
    ProgramBase.extend({
      kind: z.literal('tiers'),
      pointsPerPln: PointsPerPln,
      levels: z
        .array(TierLevel)
        .min(2, 'Program poziomów potrzebuje co najmniej 2 poziomów.')
        .max(10)
        .refine((l) => l[0]?.minLifetimePoints === 0, 'Pierwszy poziom musi zaczynać się od 0 punktów.')
        .refine(
          (l) => l.every((level, i) => i === 0 || level.minLifetimePoints > l[i - 1]!.minLifetimePoints),
          'Progi poziomów muszą rosnąć.',
        ),
    }),
  ])
  .meta({ id: 'ProgramInput' });
export type ProgramInput = z.input<typeof ProgramInput>;
export type ProgramInputParsed = z.infer<typeof ProgramInput>;

/**
 * A program's rules as its readers see them: the API's Program and the ProgramDefined event that carries them
 * to the card ledger (integration-events.ts) spread these same fields.
 */
export const programRules = {
  kind: ProgramKind,
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  pointsPerPln: z.number().nullable(),
  stampsRequired: z.number().int().nullable(),
  levels: z.array(TierLevel).nullable(),
  rewards: z.array(Reward),
  /** the birthday reward (ADR 0058); absent (events from before it) or null: none */
  birthdayReward: BirthdayRewardSetting.nullable().optional(),
};

export const Program = z
  .object({
    id: z.string(),
    tenantId: z.string(),
    ...programRules,
    /** public enrolment link for customers (QR and text on the poster): the short link `<PUBLIC_URL>/k/<code>` */
    enrolmentUrl: z.string(),
    /** the program's short code (enrolment-links.ts), for people who type it: `AB3D9` */
    shortCode: ShortCode,
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Program' });
export type Program = z.infer<typeof Program>;

export const ProgramList = z.object({ items: z.array(Program) }).meta({ id: 'ProgramList' });

export const ProgramIdParams = z.object({
  id: z.string().min(1).max(64),
  programId: z.string().min(1).max(64),
});

/** points for a purchase amount (grosze) at a rate, by the stated rounding rule (floor). */
export function pointsForAmount(amountGrosze: number, pointsPerPln: number, multiplier = 1): number {
  return Math.floor((amountGrosze * pointsPerPln * multiplier) / 100 + 1e-9);
}

export const ProgramErrors = {
  notFound: { code: 'PROGRAM.NOT_FOUND', status: 404, message: 'Nie znaleziono programu lojalnościowego.' },
  deleted: { code: 'PROGRAM.DELETED', status: 410, message: 'Ten program został usunięty.' },
  kindChange: {
    code: 'PROGRAM.KIND_CHANGE',
    status: 409,
    message: 'Nie można zmienić rodzaju programu. Utwórz nowy program.',
  },
  tooMany: { code: 'PROGRAM.TOO_MANY', status: 409, message: 'Firma może mieć najwyżej 10 programów.' },
  unknownReward: {
    code: 'PROGRAM.UNKNOWN_REWARD',
    status: 400,
    message: 'Nie znaleziono nagrody do edycji.',
  },
} as const;

/** Public enrolment info shown on `/dodaj-karte-do-portfela?program=…` (where `/k/<code>` leads; no personal data). */
export const ProgramPublicInfo = z
  .object({
    programId: z.string(),
    tenantId: z.string(),
    companyName: z.string(),
    programName: z.string(),
    kind: ProgramKind,
    description: z.string(),
    logoUrl: z.string().nullable(),
    backgroundColor: z.string(),
    foregroundColor: z.string(),
  })
  .meta({ id: 'ProgramPublicInfo' });

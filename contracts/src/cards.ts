import { CardBirthdayReward } from './birthdays';
import { z } from 'zod';
import { ActivityType } from './card-activity';
import { ExpiryNotice } from './expiry';
import {
  MAX_POINTS_BALANCE,
  MAX_POINTS_PER_AWARD,
  MAX_STAMPS_BALANCE,
  MAX_STAMPS_PER_AWARD,
  MAX_STAMPS_PER_AWARD_MESSAGE,
} from './card-limits';
import { QueryDate } from './dates';
import { ProgramKind, RewardLimits, RewardSchedule } from './programs';
import { pageResponse } from './pagination';
import { singleLineText } from './text';
import { formatPolish } from './polish-number';

/**
 * Loyalty cards (SPEC §7 /cards, issue "Card ledger"). A card belongs to one client of one program; it is
 * issued by the card ledger when the client has a customer account. Staff find it by scanning its QR code,
 * by its human-readable number, or by the customer's phone / e-mail, then award points or stamps and
 * redeem rewards. Every card command needs an `Idempotency-Key` header (see IDEMPOTENCY_KEY_HEADER).
 *
 * - Card number: 10 digits shown as `1234 5678 90`; the last digit is a Damm check digit, which catches
 *   every single-digit typo and every swap of two adjacent digits, so a mistyped number is refused before
 *   any lookup (`isValidCardNumber`).
 * - QR payload: `P1.<cardId>.<secretVersion>.<signature>`; signed by the card ledger, no personal data.
 *   Regenerating a card changes its number and invalidates every older QR code.
 */

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** printable ASCII, 8–200 characters (a UUID is the usual choice) */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;
/** the request headers of a card command (declared in the API document; the route answers IDEMPOTENCY.KEY_REQUIRED) */
export const IdempotencyKeyHeaders = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN)
    .describe(
      'Unikalny identyfikator operacji (np. UUID): ponowienie z tym samym kluczem nie powtarza operacji',
    ),
});
/** a retried request with the same key was answered from the stored first response */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';

// ─── card number (Damm check digit) ─────────────────────────────────────────────────────────────────

const DAMM = [
  [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
  [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
  [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
  [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
  [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
  [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
  [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
  [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
  [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
  [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
];

/** Damm check digit of a string of digits. */
export function dammCheckDigit(digits: string): number {
  let interim = 0;
  for (const ch of digits) interim = DAMM[interim]![Number(ch)]!;
  return interim;
}

export const CARD_NUMBER_LENGTH = 10;

/** `1234 5678 90`, `1234-5678-90` → `1234567890`; anything else is returned without separators. */
export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** 10 digits, not starting with 0, with a valid Damm check digit. */
export function isValidCardNumber(input: string): boolean {
  const digits = normalizeCardNumber(input);
  return /^[1-9]\d{9}$/.test(digits) && dammCheckDigit(digits) === 0;
}

/** `1234567890` → `1234 5678 90` */
export function formatCardNumber(digits: string): string {
  return `${digits.slice(0, 4)} ${digits.slice(4, 8)} ${digits.slice(8)}`;
}

// ─── requests ────────────────────────────────────────────────────────────────────────────────────

export const CardIdParams = z.object({ id: z.string().min(1).max(64) });

export const CardLookupQuery = z
  .object({
    cardId: z.string().trim().min(1).max(64).optional(),
    humanReadableId: z.string().trim().min(1).max(20).optional(),
    qr: z.string().trim().min(1).max(200).optional(),
    /** the card of one client of the company (the panel's client page) */
    clientId: z.string().trim().min(1).max(64).optional(),
  })
  .refine(
    (q) => [q.cardId, q.humanReadableId, q.qr, q.clientId].filter((v) => v !== undefined).length === 1,
    'Podaj dokładnie jedno: numer karty, identyfikator karty, kod QR albo klienta.',
  )
  .meta({ id: 'CardLookupQuery' });

export const CardSearchQuery = z
  .object({
    phone: z.string().trim().min(1).max(30).optional(),
    email: z.string().trim().min(1).max(254).optional(),
    /** part of the client's name (any case, with or without Polish letters): at most 20 clients */
    name: z.string().trim().min(2, 'Wpisz co najmniej 2 litery imienia lub nazwiska.').max(100).optional(),
  })
  .refine(
    (q) => [q.phone, q.email, q.name].filter((v) => v !== undefined).length === 1,
    'Podaj numer telefonu, adres e-mail albo imię i nazwisko klienta.',
  )
  .meta({ id: 'CardSearchQuery' });

/** the largest purchase one award takes (100 000 zł): beyond it the amount is a typing mistake */
export const MAX_AMOUNT_GROSZE = 10_000_000;
export const MAX_AMOUNT_MESSAGE = 'Kwota może wynosić najwyżej 100 000 zł.';

/** how old an award queued offline may be when the scanner replays it (ADR 0048) */
export const OFFLINE_SCAN_MAX_AGE_HOURS = 12;

/**
 * When staff made an award the scanner had to queue offline (ADR 0048): sent with its replay, it tells the
 * server the award is not a fresh double scan, so the card's scan cooldown does not apply. At most
 * OFFLINE_SCAN_MAX_AGE_HOURS old and not in the future (400 CARD.SCAN_TIME_INVALID).
 */
const ScannedAt = z.iso.datetime({ offset: true, error: 'Podaj czas zeskanowania w formacie ISO 8601.' });

export const PointsFromAmountRequest = z
  .object({
    /** purchase amount in grosze (12,99 zł = 1299) */
    amountGrosze: z
      .number('Podaj kwotę zakupu.')
      .int('Kwotę podaj w groszach (liczba całkowita).')
      .min(1, 'Kwota musi być większa od zera.')
      .max(MAX_AMOUNT_GROSZE, MAX_AMOUNT_MESSAGE),
    /** the service from the catalogue the purchase was for (recorded with the points) */
    serviceId: z.string().min(1).max(64).optional(),
    /** the award was queued offline at this moment (replayed by the scanner) */
    scannedAt: ScannedAt.optional(),
  })
  .describe(
    `One award gives at most ${MAX_POINTS_PER_AWARD} points (after the level's multiplier; more: 400 CARD.AWARD_TOO_LARGE), and a card holds at most ${MAX_POINTS_BALANCE} points (400 CARD.BALANCE_LIMIT).`,
  )
  .meta({ id: 'PointsFromAmountRequest' });
export type PointsFromAmountRequest = z.input<typeof PointsFromAmountRequest>;

export const AddStampsRequest = z
  .object({
    count: z
      .number('Podaj liczbę pieczątek.')
      .int('Liczba pieczątek musi być całkowita.')
      .min(1, 'Dodaj co najmniej 1 pieczątkę.')
      .max(MAX_STAMPS_PER_AWARD, MAX_STAMPS_PER_AWARD_MESSAGE),
    /** the award was queued offline at this moment (replayed by the scanner) */
    scannedAt: ScannedAt.optional(),
  })
  .describe(
    `One award adds at most ${MAX_STAMPS_PER_AWARD} stamps, and a card holds at most ${MAX_STAMPS_BALANCE} stamps (400 CARD.BALANCE_LIMIT).`,
  )
  .meta({ id: 'AddStampsRequest' });
export type AddStampsRequest = z.input<typeof AddStampsRequest>;

export const RedeemRewardRequest = z
  .object({ rewardId: z.string('Wybierz nagrodę.').min(1, 'Wybierz nagrodę.').max(64) })
  .meta({ id: 'RedeemRewardRequest' });
export type RedeemRewardRequest = z.input<typeof RedeemRewardRequest>;

// ─── responses ───────────────────────────────────────────────────────────────────────────────────

export const CardStatus = z.enum(['active', 'closed']);
export type CardStatus = z.infer<typeof CardStatus>;

export const RewardUnit = z.enum(['points', 'stamps']);
export type RewardUnit = z.infer<typeof RewardUnit>;

/** why a reward cannot be redeemed right now (one of CardErrors' codes, with its Polish message) */
export const RedemptionBlocker = z
  .object({ code: z.string(), message: z.string() })
  .meta({ id: 'RedemptionBlocker' });
export type RedemptionBlocker = z.infer<typeof RedemptionBlocker>;

export const CardReward = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    cost: z.number().int(),
    unit: RewardUnit,
    schedule: RewardSchedule,
    limits: RewardLimits,
    /** can be redeemed now (balance, schedule, limits and stock checked) */
    redeemable: z.boolean(),
    blocker: RedemptionBlocker.nullable(),
  })
  .meta({ id: 'CardReward' });
export type CardReward = z.infer<typeof CardReward>;

export const CardTier = z
  .object({ name: z.string(), multiplier: z.number(), benefits: z.string() })
  .meta({ id: 'CardTier' });

export const CardSummary = z.object({
  cardId: z.string(),
  tenantId: z.string(),
  programId: z.string(),
  /** null until the card ledger has received the program's rules */
  programName: z.string().nullable(),
  kind: ProgramKind.nullable(),
  status: CardStatus,
  /** formatted `1234 5678 90` */
  humanReadableId: z.string(),
  /** points balance (points and tiers programs) */
  points: z.number().int(),
  stamps: z.number().int(),
  stampsRequired: z.number().int().nullable(),
  /** every point ever earned; tiers are reached by it and redemptions never lower it */
  lifetimePoints: z.number().int(),
  tier: CardTier.nullable(),
  nextTier: z
    .object({ name: z.string(), minLifetimePoints: z.number().int(), pointsToGo: z.number().int() })
    .nullable(),
  rewards: z.array(CardReward),
  /** the cheapest active reward the balance does not cover yet */
  nextReward: z
    .object({ rewardId: z.string(), name: z.string(), cost: z.number().int(), remaining: z.number().int() })
    .nullable(),
  /** the birthday reward (ADR 0058) until its window ends, else null */
  birthdayReward: CardBirthdayReward.nullable(),
  /** what of the balance expires next and on which Warsaw date (ADR 0062), null while nothing will (or expiry is off) */
  expiry: ExpiryNotice.nullable(),
  issuedAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  closedAt: z.iso.datetime({ offset: true }).nullable(),
});

/** What staff see after a scan or a lookup. */
export const CardView = CardSummary.extend({
  /** the client's name as the company entered or the customer gave it at enrolment */
  customerName: z.string().nullable(),
}).meta({ id: 'CardView' });
export type CardView = z.infer<typeof CardView>;

export const CardSearchResponse = z.object({ items: z.array(CardView) }).meta({ id: 'CardSearchResponse' });

export { ActivityType, activityTypeLabels } from './card-activity';

/** One entry of a card's history. Points and stamps are signed: earned > 0, spent < 0. */
export const CardActivity = z
  .object({
    id: z.string(),
    cardId: z.string(),
    tenantId: z.string(),
    companyName: z.string().nullable(),
    programId: z.string(),
    programName: z.string().nullable(),
    type: ActivityType,
    occurredAt: z.iso.datetime({ offset: true }),
    points: z.number().int().nullable(),
    stamps: z.number().int().nullable(),
    amountGrosze: z.number().int().nullable(),
    rewardName: z.string().nullable(),
    tier: z.string().nullable(),
    /** a Polish sentence, e.g. „Przyznano 12 pkt za zakupy na 12,99 zł” */
    description: z.string(),
    /** the reason staff gave for a correction (award_voided, redemption_voided), else null */
    reason: z.string().nullable(),
    /** set on an award or a redemption that was voided later: when and why */
    voided: z.object({ voidedAt: z.iso.datetime({ offset: true }), reason: z.string() }).nullable(),
  })
  .meta({ id: 'CardActivity' });
export type CardActivity = z.infer<typeof CardActivity>;

/** Days after an award or a redemption during which staff may void it (ADR 0016). */
export const CORRECTION_WINDOW_DAYS = 30;
export const CorrectionReasonMessages = {
  required: 'Podaj powód korekty (co najmniej 3 znaki).',
  tooLong: 'Powód korekty może mieć najwyżej 200 znaków.',
} as const;

/** A history entry as staff see it: who did it, and whether it can still be voided. */
export const StaffCardActivity = CardActivity.extend({
  /** the employee (or owner) who awarded, redeemed, voided or regenerated; null for the customer or the system */
  employeeId: z.string().nullable(),
  /** the owner („Anna Kowalska (właściciel)”, „Właściciel” until the name is known), the employee's name, or null */
  employeeName: z.string().nullable(),
  /** an award or a redemption that has not been voided, is younger than CORRECTION_WINDOW_DAYS, on an active card */
  voidable: z.boolean(),
}).meta({ id: 'StaffCardActivity' });
export type StaffCardActivity = z.infer<typeof StaffCardActivity>;

export const CardHistoryQuery = z
  .object({
    pageNumber: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    activityType: ActivityType.optional(),
    /** only what this employee (user id) did */
    employeeId: z.string().min(1).max(64).optional(),
    /** first day (Warsaw), inclusive */
    from: QueryDate.optional(),
    /** last day (Warsaw), inclusive */
    to: QueryDate.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'Data początkowa nie może być późniejsza niż końcowa.',
    path: ['to'],
  })
  .meta({ id: 'CardHistoryQuery' });
export type CardHistoryQuery = z.input<typeof CardHistoryQuery>;

export const CardHistoryPage = pageResponse(StaffCardActivity).meta({ id: 'CardHistoryPage' });
export type CardHistoryPage = z.infer<typeof CardHistoryPage>;

const CorrectionReason = singleLineText()
  .min(3, CorrectionReasonMessages.required)
  .max(200, CorrectionReasonMessages.tooLong);

/** Void an award or a redemption of the card: a compensating entry, the original stays in the history. */
export const VoidEntryRequest = z
  .object({
    /** the history entry (`StaffCardActivity.id`) of the award or redemption */
    activityId: z.string().min(1).max(100),
    reason: CorrectionReason,
    /**
     * for an award whose points or stamps were partly spent: void it and take back only what is left on the card
     * (ADR 0050) — the spent part stays spent, recorded as an adjustment beside the void
     */
    adjustRest: z.boolean().default(false),
  })
  .meta({ id: 'VoidEntryRequest' });
export type VoidEntryRequest = z.input<typeof VoidEntryRequest>;

/** The largest manual adjustment at once, in points or stamps (a typo of a few zeros is refused, not booked). */
export const MAX_ADJUSTMENT = 100_000;
export const AdjustmentMessages = {
  delta: `Podaj liczbę różną od zera, najwyżej ${formatPolish(MAX_ADJUSTMENT)} (ze znakiem minus, by odjąć).`,
} as const;

/** A manual adjustment: points or stamps (the program's unit) added (> 0) or taken away (< 0), with a reason. */
export const AdjustBalanceRequest = z
  .object({
    delta: z
      .number(AdjustmentMessages.delta)
      .int(AdjustmentMessages.delta)
      .min(-MAX_ADJUSTMENT, AdjustmentMessages.delta)
      .max(MAX_ADJUSTMENT, AdjustmentMessages.delta)
      .refine((delta) => delta !== 0, AdjustmentMessages.delta),
    reason: CorrectionReason,
  })
  .meta({ id: 'AdjustBalanceRequest' });
export type AdjustBalanceRequest = z.input<typeof AdjustBalanceRequest>;

/** Answer of award / stamps / redeem: the card after the command and the history entry it made. */
export const CardCommandResponse = z
  .object({ card: CardView, activity: CardActivity.nullable() })
  .meta({ id: 'CardCommandResponse' });
export type CardCommandResponse = z.infer<typeof CardCommandResponse>;

export const RegenerateCardResponse = z
  .object({ cardId: z.string(), humanReadableId: z.string() })
  .meta({ id: 'RegenerateCardResponse' });

// ─── errors ──────────────────────────────────────────────────────────────────────────────────────

/** Polish numbers, thousands grouped from four digits („4 250”) */
const pl = { format: (n: number) => formatPolish(n) };
const date = (iso: string) => iso.split('-').reverse().join('.');
const onWeekdays = [
  'w poniedziałki',
  'we wtorki',
  'w środy',
  'w czwartki',
  'w piątki',
  'w soboty',
  'w niedziele',
];
const listPl = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} i ${items[items.length - 1]}`;

/** Stable codes and Polish messages of the card ledger's errors. */
export const CardErrors = {
  notFound: { code: 'CARD.NOT_FOUND', status: 404, message: 'Nie znaleziono karty.' },
  /** the client's card was refused by the company's plan limit: staff are told why and what issues it */
  waitingForSeat: (limit: number) => ({
    code: 'CARD.WAITING_FOR_SEAT',
    status: 404,
    message: `Karta nie została jeszcze wydana: plan firmy pozwala na ${pl.format(limit)} aktywnych klientów i ten limit jest wykorzystany. Po zmianie planu na większy karta zostanie wydana automatycznie.`,
  }),
  numberInvalid: {
    code: 'CARD.NUMBER_INVALID',
    message: 'Nieprawidłowy numer karty. Sprawdź cyfry i spróbuj ponownie.',
  },
  qrInvalid: {
    code: 'CARD.QR_INVALID',
    message: 'Nieprawidłowy lub nieaktualny kod QR karty. Poproś klienta o aktualną kartę.',
  },
  closed: { code: 'CARD.CLOSED', status: 409, message: 'Ta karta jest zamknięta.' },
  programUnavailable: {
    code: 'CARD.PROGRAM_UNAVAILABLE',
    status: 409,
    message: 'Zasady programu tej karty nie są jeszcze dostępne. Spróbuj ponownie za chwilę.',
  },
  programInactive: {
    code: 'CARD.PROGRAM_INACTIVE',
    message: 'Program lojalnościowy tej karty jest nieaktywny.',
  },
  notPointsProgram: {
    code: 'CARD.NOT_POINTS_PROGRAM',
    message: 'Ta karta zbiera pieczątki, nie punkty.',
  },
  notStampsProgram: {
    code: 'CARD.NOT_STAMPS_PROGRAM',
    message: 'Ta karta zbiera punkty, nie pieczątki.',
  },
  amountTooSmall: (minimumGrosze: number) => ({
    code: 'CARD.AMOUNT_TOO_SMALL',
    message: `Kwota jest za mała, aby przyznać choć 1 punkt (potrzeba co najmniej ${formatPolish(minimumGrosze / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} zł).`,
  }),
  scanTimeInvalid: {
    code: 'CARD.SCAN_TIME_INVALID',
    message: `Tej operacji z kolejki offline nie można zaksięgować: czekała dłużej niż ${OFFLINE_SCAN_MAX_AGE_HOURS} godzin albo ma czas z przyszłości. Wprowadź ją ponownie.`,
  },
  scanCooldown: (seconds: number) => ({
    code: 'CARD.SCAN_COOLDOWN',
    message: `Ta karta została przed chwilą zeskanowana. Odczekaj ${seconds} s i spróbuj ponownie.`,
  }),
  rewardNotFound: {
    code: 'CARD.REWARD_NOT_FOUND',
    status: 404,
    message: 'Nie znaleziono tej nagrody w programie karty.',
  },
  rewardInactive: { code: 'CARD.REWARD_INACTIVE', message: 'Ta nagroda jest obecnie niedostępna.' },
  insufficientPoints: (needed: number, balance: number) => ({
    code: 'CARD.INSUFFICIENT_POINTS',
    message: `Za mało punktów: potrzeba ${pl.format(needed)}, na karcie ${pl.format(balance)}.`,
  }),
  insufficientStamps: (needed: number, balance: number) => ({
    code: 'CARD.INSUFFICIENT_STAMPS',
    message: `Za mało pieczątek: potrzeba ${pl.format(needed)}, na karcie ${pl.format(balance)}.`,
  }),
  outsideHours: (from: string, to: string) => ({
    code: 'CARD.OUTSIDE_HOURS',
    message: `Tę nagrodę można odebrać w godz. ${from}–${to}.`,
  }),
  wrongDay: (weekdays: number[]) => ({
    code: 'CARD.WRONG_DAY',
    message: `Tę nagrodę można odebrać tylko ${listPl([...weekdays].sort((a, b) => a - b).map((d) => onWeekdays[d - 1]!))}.`,
  }),
  outsideDates: (from: string, to: string) => ({
    code: 'CARD.OUTSIDE_DATES',
    message: `Tę nagrodę można odebrać od ${date(from)} do ${date(to)}.`,
  }),
  dailyLimit: { code: 'CARD.DAILY_LIMIT', message: 'Limit tej nagrody na dziś został wykorzystany.' },
  weeklyLimit: {
    code: 'CARD.WEEKLY_LIMIT',
    message: 'Limit tej nagrody na ten tydzień został wykorzystany.',
  },
  monthlyLimit: {
    code: 'CARD.MONTHLY_LIMIT',
    message: 'Limit tej nagrody na ten miesiąc został wykorzystany.',
  },
  outOfStock: {
    code: 'CARD.OUT_OF_STOCK',
    message: 'Pula tej nagrody została wyczerpana. Zapraszamy w kolejnym okresie.',
  },
  entryNotFound: {
    code: 'CARD.ENTRY_NOT_FOUND',
    status: 404,
    message: 'Nie znaleziono tego wpisu w historii karty.',
  },
  notVoidable: {
    code: 'CARD.ENTRY_NOT_VOIDABLE',
    message: 'Anulować można tylko przyznanie punktów lub pieczątek albo wydanie nagrody.',
  },
  correctionTooLate: {
    code: 'CARD.CORRECTION_TOO_LATE',
    message: `Tego wpisu nie można już anulować: korekta jest możliwa przez ${CORRECTION_WINDOW_DAYS} dni i tylko dla 100 ostatnich przyznań i nagród na karcie.`,
  },
  alreadyVoided: { code: 'CARD.ALREADY_VOIDED', message: 'Ten wpis został już anulowany.' },
  /** a card already held by one customer account is never moved to another (ADR 0056; logged, no screen shows it) */
  heldByAnotherAccount: {
    code: 'CARD.HELD_BY_ANOTHER_ACCOUNT',
    status: 409,
    message: 'Ta karta należy już do innego konta klienta.',
  },
  voidBelowZero: (unit: 'points' | 'stamps', toTakeBack: number, balance: number) => ({
    code: 'CARD.VOID_BELOW_ZERO',
    message:
      unit === 'points'
        ? `Nie można anulować w całości: klient wykorzystał już część tych punktów (do odjęcia ${pl.format(toTakeBack)} pkt, na karcie ${pl.format(balance)} pkt). Anuluj i skoryguj resztę albo najpierw anuluj wydaną za nie nagrodę.`
        : `Nie można anulować w całości: klient wykorzystał już część tych pieczątek (do odjęcia ${pl.format(toTakeBack)}, na karcie ${pl.format(balance)}). Anuluj i skoryguj resztę albo najpierw anuluj wydaną za nie nagrodę.`,
  }),
  adjustBelowZero: (unit: 'points' | 'stamps', delta: number, balance: number) => ({
    code: 'CARD.ADJUST_BELOW_ZERO',
    message:
      unit === 'points'
        ? `Nie można odjąć ${pl.format(-delta)} pkt: na karcie jest ${pl.format(balance)} pkt.`
        : `Nie można odjąć ${pl.format(-delta)} pieczątek: na karcie jest ${pl.format(balance)}.`,
  }),

  idempotencyKeyRequired: {
    code: 'IDEMPOTENCY.KEY_REQUIRED',
    message: 'Brak nagłówka Idempotency-Key (unikalny identyfikator operacji, np. UUID).',
  },
  idempotencyKeyReused: {
    code: 'IDEMPOTENCY.KEY_REUSED',
    status: 422,
    message: 'Ten klucz Idempotency-Key został już użyty z innymi danymi. Użyj nowego klucza.',
  },
  idempotencyInProgress: {
    code: 'IDEMPOTENCY.IN_PROGRESS',
    status: 409,
    message: 'Ta operacja jest właśnie wykonywana. Spróbuj ponownie za chwilę.',
  },
} as const;

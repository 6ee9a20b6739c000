import { z } from 'zod';

/**
 * "Bring a friend" (issue 34, ADR 0061): a customer's personal invite code, the company's referral settings per
 * loyalty program, and how a referral ended. The bonuses are in the program's own unit (points for a points or
 * tiers program, stamps for a stamp program).
 */

/** the most either bonus may give (a stamp program's card is capped by its own size too: the decider clamps) */
export const REFERRAL_BONUS_MAX = 1000;
export const REFERRAL_MONTHLY_CAP_DEFAULT = 5;
export const REFERRAL_MONTHLY_CAP_MAX = 100;

const Bonus = z
  .number('Podaj liczbę.')
  .int('Podaj liczbę całkowitą.')
  .min(0, 'Premia nie może być ujemna.')
  .max(REFERRAL_BONUS_MAX, `Premia może wynosić najwyżej ${REFERRAL_BONUS_MAX}.`);

export const ReferralSettings = z
  .object({
    enabled: z.boolean(),
    /** what the customer who invited gets when the friend's first visit is awarded */
    referrerBonus: Bonus,
    /** what the friend gets on that first visit, on top of the visit's own award */
    friendBonus: Bonus,
    /** rewarded referrals per referrer per calendar month (Europe/Warsaw); beyond it only the friend gets a bonus */
    monthlyCap: z
      .number('Podaj liczbę.')
      .int('Podaj liczbę całkowitą.')
      .min(1, 'Limit musi wynosić co najmniej 1.')
      .max(REFERRAL_MONTHLY_CAP_MAX, `Limit może wynosić najwyżej ${REFERRAL_MONTHLY_CAP_MAX}.`),
  })
  .meta({ id: 'ReferralSettings' });
export type ReferralSettings = z.infer<typeof ReferralSettings>;

export const DEFAULT_REFERRAL_SETTINGS: ReferralSettings = {
  enabled: false,
  referrerBonus: 0,
  friendBonus: 0,
  monthlyCap: REFERRAL_MONTHLY_CAP_DEFAULT,
};

/** an invite code: 12 characters of lower-case base32 (no personal data, not derivable into a card or person) */
export const ReferralCode = z
  .string()
  .regex(/^[a-z2-7]{12}$/, 'Nieprawidłowy kod polecenia.')
  .meta({ id: 'ReferralCode' });

export const ReferralCodeParams = z.object({ code: ReferralCode });
export const ReferralCardParams = z.object({ cardId: z.string().min(1).max(64) });

/** The referrer's invite for one card: the code and what the program gives (the web page builds the link). */
export const ReferralInvite = z
  .object({
    /** null while the company has referrals off: no code is made (nor the device remembered) before they are on */
    code: z.union([ReferralCode, z.null()]),
    cardId: z.string(),
    programId: z.string(),
    /** false when the company has referrals off: the portal shows no invite */
    enabled: z.boolean(),
    unit: z.enum(['points', 'stamps']),
    referrerBonus: z.number().int(),
    friendBonus: z.number().int(),
    /** referrals of this card rewarded in the current month and the cap */
    rewardedThisMonth: z.number().int(),
    monthlyCap: z.number().int(),
  })
  .meta({ id: 'ReferralInvite' });
export type ReferralInvite = z.infer<typeof ReferralInvite>;

/** Public: where an invite code leads (the program's join page), no data about the person who invited. */
export const ReferralTarget = z
  .object({
    tenantId: z.string(),
    programId: z.string(),
    unit: z.enum(['points', 'stamps']),
    friendBonus: z.number().int(),
  })
  .meta({ id: 'ReferralTarget' });
export type ReferralTarget = z.infer<typeof ReferralTarget>;

export const ClaimReferralRequest = z
  .object({ cardId: z.string().min(1).max(64) })
  .meta({ id: 'ClaimReferralRequest' });

export const ReferralRefusal = z.enum([
  'same_person',
  'same_phone',
  'same_device',
  'existing_customer',
  'other_program',
]);
export type ReferralRefusal = z.infer<typeof ReferralRefusal>;

export const referralRefusalLabels: Record<ReferralRefusal, string> = {
  same_person: 'Nie można polecić samego siebie.',
  same_phone: 'Polecający i polecony mają ten sam numer telefonu.',
  same_device: 'Polecenie z tego samego urządzenia co polecający.',
  existing_customer: 'Ta osoba była już klientem programu.',
  other_program: 'Zaproszenie dotyczy innego programu.',
};

export const ClaimReferralResponse = z
  .object({
    status: z.enum(['claimed', 'refused']),
    reason: ReferralRefusal.nullable(),
    /** Polish, for the friend's screen */
    message: z.string(),
  })
  .meta({ id: 'ClaimReferralResponse' });
export type ClaimReferralResponse = z.infer<typeof ClaimReferralResponse>;

export const ReferralErrors = {
  notFound: {
    code: 'REFERRAL.NOT_FOUND',
    status: 404,
    message: 'Nie znaleziono tego zaproszenia albo firma nie prowadzi już poleceń.',
  },
  alreadyClaimed: {
    code: 'REFERRAL.ALREADY_CLAIMED',
    status: 409,
    message: 'Ta karta została już zapisana z zaproszenia.',
  },
} as const;

/** The referrals of a period in the company's analytics (ADR 0061). */
export const ReferralFigures = z
  .object({
    /** friends who joined with an invite in the period */
    invited: z.number().int(),
    /** referrals whose friend's first visit was awarded in the period */
    rewarded: z.number().int(),
    /** referrals refused by the fraud rules in the period */
    refused: z.number().int(),
  })
  .meta({ id: 'ReferralFigures' });
export type ReferralFigures = z.infer<typeof ReferralFigures>;

import type { AwardAnomalyDetectedData, CardClosedData } from '@punkto/contracts/integration-events';
import type { Command } from '@punkto/platform/es/decider';
import type { ProgramRules } from '../programs/program-rules';
import type { BirthdayCommand } from '../birthdays/birthday.commands';
import type { ExpireBalance } from '../expiry/expiry.commands';
import type { CardData } from './card';

/**
 * Commands of the Card aggregate, one function each. Everything a rule needs arrives in the command: the
 * program's rules (the card ledger's local copy), the configured cooldown, the plan-limit seat, and the
 * time in `metadata.now`. Pure: no IO, no clock.
 *
 * Every award / redemption / regeneration carries `commandId` (derived from the request's Idempotency-Key);
 * the card remembers its last ids, so a command that already took effect decides nothing the second time,
 * whatever happened to the idempotency record in between.
 */

export type IssueCard = Command<
  'IssueCard',
  Pick<CardData, 'cardId' | 'tenantId' | 'programId' | 'clientId' | 'userId' | 'humanReadableId'> & {
    /** the starting level (tiers programs), if the rules are known */
    tier: string | null;
    /** the plan limit on active customers: was a place reserved for this card? */
    seat: { granted: boolean; limit: number; activeCustomers: number };
    /** the signed QR payload of secret version 1 (card-codes.ts; the key is not the decider's) */
    qrPayload: string;
    /** an imported client's paper-card balance (ADR 0059; the client copy's), recorded with the card */
    openingBalance?: { points: number; stamps: number; importId: string } | null;
    /** the client was imported from a file (ADR 0059): said on CardIssued, so no welcome greets them */
    imported?: boolean;
  }
>;
export type EarnPoints = Command<
  'EarnPoints',
  {
    commandId: string;
    amountGrosze: number;
    serviceId: string | null;
    /** the service's fixed points (catalogue), replacing the rate when set */
    fixedPoints: number | null;
    employeeId: string;
    rules: ProgramRules | null;
    cooldownMs: number;
    /** an award the scanner queued offline, made at this moment (ADR 0048); null: made now */
    scannedAt: string | null;
  }
>;
export type AddStamps = Command<
  'AddStamps',
  {
    commandId: string;
    count: number;
    employeeId: string;
    rules: ProgramRules | null;
    cooldownMs: number;
    scannedAt: string | null;
  }
>;
export type RedeemReward = Command<
  'RedeemReward',
  {
    commandId: string;
    rewardId: string;
    employeeId: string;
    rules: ProgramRules | null;
    /** the stock period a unit was reserved in (reward-stock.ts), null when nothing was reserved */
    stockReservation: string | null;
  }
>;
export type RegenerateCard = Command<
  'RegenerateCard',
  {
    commandId: string;
    humanReadableId: string;
    /** the signed QR payload of the next secret version */
    qrPayload: string;
    actorId: string;
    actorRole: 'customer' | 'staff';
  }
>;
/**
 * A correction: the award or redemption the card remembers under `voidedCommandId` is taken back by a
 * compensating event (ADR 0016). `rules` only matter to tiers programs (a level no longer reached).
 */
export type VoidEntry = Command<
  'VoidEntry',
  {
    commandId: string;
    voidedCommandId: string;
    reason: string;
    employeeId: string;
    rules: ProgramRules | null;
    /** an award partly spent: void it and take back only what is left (the spent part as an adjustment, ADR 0050) */
    adjustRest: boolean;
  }
>;
/** A manual adjustment (ADR 0050): the program's unit added (delta > 0) or taken away (delta < 0), with a reason. */
export type AdjustBalance = Command<
  'AdjustBalance',
  {
    commandId: string;
    delta: number;
    reason: string;
    employeeId: string;
    rules: ProgramRules | null;
  }
>;
/**
 * A phone-only client's card (held by `client:<clientId>`, ADR 0056) moves to the customer's account, linked after
 * staff gave the client an e-mail (the tenant's ClientAccountLinked).
 */
export type LinkCardHolder = Command<'LinkCardHolder', { userId: string }>;
export type CloseCard = Command<'CloseCard', { reason: CardClosedData['reason'] }>;
export type RecordAwardAnomaly = Command<
  'RecordAwardAnomaly',
  Omit<AwardAnomalyDetectedData, 'cardId' | 'detectedAt'>
>;

export type CardCommand =
  | IssueCard
  | EarnPoints
  | AddStamps
  | RedeemReward
  | VoidEntry
  | AdjustBalance
  | RegenerateCard
  | LinkCardHolder
  | CloseCard
  | RecordAwardAnomaly
  | BirthdayCommand
  | ExpireBalance;

import { CardErrors, type RedemptionBlocker } from '@punkto/contracts/cards';
import { AppError, DomainRuleError, domainError } from '@punkto/platform/errors/errors';

/** The card ledger's domain errors: code, status and Polish message from contracts/src/cards.ts. */

/** an error's stable code and Polish message, as CardErrors lists them */
export type Coded = { code: string; message: string };

export const CardNotFoundError = domainError('CardNotFoundError', CardErrors.notFound);

/** 400: a rule of the card or its program refuses the command (balance, schedule, limits, stock …). */
export class CardRuleError extends DomainRuleError {
  constructor(error: Coded) {
    super(error.code, error.message);
  }

  /** the blocker shown next to a reward (same code and message as the error redeeming it would raise) */
  get blocker(): RedemptionBlocker {
    return { code: this.code, message: this.localizedMessage };
  }
}

/** 404 by client id: the card waits for a seat in the company's plan (the limit is said) */
export class CardWaitingForSeatError extends AppError {
  constructor(limit: number) {
    const { status, code, message } = CardErrors.waitingForSeat(limit);
    super(status, code, message);
  }
}

export const CardClosedError = domainError('CardClosedError', CardErrors.closed);
/** 409: the card is held by another customer account; a card is never moved from one account to another */
export const CardHeldByAnotherAccountError = domainError(
  'CardHeldByAnotherAccountError',
  CardErrors.heldByAnotherAccount,
);
export const ProgramUnavailableError = domainError('ProgramUnavailableError', CardErrors.programUnavailable);
export const RewardNotFoundError = domainError('RewardNotFoundError', CardErrors.rewardNotFound);

/** 429: the card was scanned for an award moments ago (double scans, double taps). */
export class ScanCooldownError extends AppError {
  constructor(seconds: number) {
    const { code, message } = CardErrors.scanCooldown(seconds);
    super(429, code, message);
  }
}

export const IdempotencyKeyReusedError = domainError(
  'IdempotencyKeyReusedError',
  CardErrors.idempotencyKeyReused,
);
export const IdempotencyInProgressError = domainError(
  'IdempotencyInProgressError',
  CardErrors.idempotencyInProgress,
);

/** 404: a correction names a history entry this card does not have */
export const EntryNotFoundError = domainError('EntryNotFoundError', CardErrors.entryNotFound);

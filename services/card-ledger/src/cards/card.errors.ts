import { CardErrors, type RedemptionBlocker } from '@punkto/contracts/cards';
import { AppError, ConflictError, DomainRuleError, NotFoundError } from '@punkto/platform/errors/errors';

/** The card ledger's domain errors: stable codes and Polish messages from contracts/src/cards.ts. */

/** an error's stable code and Polish message, as CardErrors lists them */
export type Coded = { code: string; message: string };

export class CardNotFoundError extends NotFoundError {
  constructor() {
    super(CardErrors.notFound.message, CardErrors.notFound.code);
  }
}

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

export class CardClosedError extends ConflictError {
  constructor() {
    super(CardErrors.closed.message, CardErrors.closed.code);
  }
}

export class ProgramUnavailableError extends ConflictError {
  constructor() {
    super(CardErrors.programUnavailable.message, CardErrors.programUnavailable.code);
  }
}

export class RewardNotFoundError extends NotFoundError {
  constructor() {
    super(CardErrors.rewardNotFound.message, CardErrors.rewardNotFound.code);
  }
}

/** 429: the card was scanned for an award moments ago (double scans, double taps). */
export class ScanCooldownError extends AppError {
  constructor(seconds: number) {
    const { code, message } = CardErrors.scanCooldown(seconds);
    super(429, code, message);
  }
}

export class IdempotencyKeyReusedError extends AppError {
  constructor() {
    super(422, CardErrors.idempotencyKeyReused.code, CardErrors.idempotencyKeyReused.message);
  }
}

export class IdempotencyInProgressError extends ConflictError {
  constructor() {
    super(CardErrors.idempotencyInProgress.message, CardErrors.idempotencyInProgress.code);
  }
}

/** 404: a correction names a history entry this card does not have */
export class EntryNotFoundError extends NotFoundError {
  constructor() {
    super(CardErrors.entryNotFound.message, CardErrors.entryNotFound.code);
  }
}

import { ProgramErrors } from '@punkto/contracts/programs';
import {
  AppError,
  ConflictError,
  DomainRuleError,
  NotFoundError,
  ValidationError,
} from '@punkto/platform/errors/errors';

/** Program's domain errors: stable codes and Polish messages from contracts/src/programs.ts. */

/** 404, also for a program of another tenant (never confirm that it exists). */
export class ProgramNotFoundError extends NotFoundError {
  constructor() {
    super(ProgramErrors.notFound.message, ProgramErrors.notFound.code);
  }
}

/** 410: the program was deleted; it cannot be changed any more. */
export class ProgramDeletedError extends AppError {
  constructor() {
    super(410, ProgramErrors.deleted.code, ProgramErrors.deleted.message);
  }
}

/** 409: the kind (points / stamps / tiers) is fixed at creation — cards were issued under it. */
export class ProgramKindChangeError extends ConflictError {
  constructor() {
    super(ProgramErrors.kindChange.message, ProgramErrors.kindChange.code);
  }
}

/** 409: at most 10 programs per tenant. */
export class TooManyProgramsError extends ConflictError {
  constructor() {
    super(ProgramErrors.tooMany.message, ProgramErrors.tooMany.code);
  }
}

/** 400: a reward names an id this program does not have (ids are assigned by the server). */
export class UnknownRewardError extends DomainRuleError {
  constructor() {
    super(ProgramErrors.unknownReward.code, ProgramErrors.unknownReward.message);
  }
}

export const DUPLICATE_REWARD_MESSAGE = 'Ta sama nagroda występuje w programie więcej niż raz.';

/** 400 errors map: the same reward id twice in one definition. */
export class DuplicateRewardError extends ValidationError {
  constructor() {
    super({ rewards: [DUPLICATE_REWARD_MESSAGE] });
  }
}

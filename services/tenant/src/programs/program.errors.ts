import { ProgramErrors } from '@punkto/contracts/programs';
import { domainError, ValidationError } from '@punkto/platform/errors/errors';

/** Program's domain errors: code, status and Polish message from contracts/src/programs.ts. */

/** 404, also for a program of another tenant (never confirm that it exists). */
export const ProgramNotFoundError = domainError('ProgramNotFoundError', ProgramErrors.notFound);
/** 410: the program was deleted; it cannot be changed any more. */
export const ProgramDeletedError = domainError('ProgramDeletedError', ProgramErrors.deleted);
/** 409: the kind (points / stamps / tiers) is fixed at creation — cards were issued under it. */
export const ProgramKindChangeError = domainError('ProgramKindChangeError', ProgramErrors.kindChange);
/** 409: at most 10 programs per tenant. */
export const TooManyProgramsError = domainError('TooManyProgramsError', ProgramErrors.tooMany);
/** 400: a reward names an id this program does not have (ids are assigned by the server). */
export const UnknownRewardError = domainError('UnknownRewardError', ProgramErrors.unknownReward);

export const DUPLICATE_REWARD_MESSAGE = 'Ta sama nagroda występuje w programie więcej niż raz.';

/** 400 errors map: the same reward id twice in one definition. */
export class DuplicateRewardError extends ValidationError {
  constructor() {
    super({ rewards: [DUPLICATE_REWARD_MESSAGE] });
  }
}

import { MessageErrors } from '@punkto/contracts/messages';
import { AppError, ConflictError, NotFoundError } from '@punkto/platform/errors/errors';

export class CampaignNotFoundError extends NotFoundError {
  constructor() {
    super(MessageErrors.notFound.message, MessageErrors.notFound.code);
  }
}
export class WeeklyLimitError extends ConflictError {
  constructor() {
    super(MessageErrors.weeklyLimit.message, MessageErrors.weeklyLimit.code);
  }
}
export class DuplicateCampaignError extends ConflictError {
  constructor() {
    super(MessageErrors.duplicate.message, MessageErrors.duplicate.code);
  }
}
export class AlreadyStartedError extends ConflictError {
  constructor() {
    super(MessageErrors.alreadyStarted.message, MessageErrors.alreadyStarted.code);
  }
}
export class NoRecipientsError extends AppError {
  constructor() {
    super(422, MessageErrors.noRecipients.code, MessageErrors.noRecipients.message);
  }
}
export class SendAtInPastError extends AppError {
  constructor() {
    super(422, MessageErrors.sendAtInPast.code, MessageErrors.sendAtInPast.message);
  }
}
export class UnsubscribeNotFoundError extends NotFoundError {
  constructor() {
    super(MessageErrors.unsubscribeNotFound.message, MessageErrors.unsubscribeNotFound.code);
  }
}

import { MessageErrors } from '@punkto/contracts/messages';
import { domainError } from '@punkto/platform/errors/errors';

/** Campaigns' domain errors: code, status and Polish message from contracts/src/messages.ts. */

export const CampaignNotFoundError = domainError('CampaignNotFoundError', MessageErrors.notFound);
export const WeeklyLimitError = domainError('WeeklyLimitError', MessageErrors.weeklyLimit);
export const DuplicateCampaignError = domainError('DuplicateCampaignError', MessageErrors.duplicate);
export const AlreadyStartedError = domainError('AlreadyStartedError', MessageErrors.alreadyStarted);
export const NoRecipientsError = domainError('NoRecipientsError', MessageErrors.noRecipients);
export const SendAtInPastError = domainError('SendAtInPastError', MessageErrors.sendAtInPast);
export const UnsubscribeNotFoundError = domainError(
  'UnsubscribeNotFoundError',
  MessageErrors.unsubscribeNotFound,
);

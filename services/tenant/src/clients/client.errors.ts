import { ClientErrors } from '@punkto/contracts/clients';
import { domainError } from '@punkto/platform/errors/errors';

/** Clients' domain errors: code, status and Polish message from contracts/src/clients.ts. */

export const ClientNotFoundError = domainError('ClientNotFoundError', ClientErrors.notFound);
export const ClientAlreadyEnrolledError = domainError(
  'ClientAlreadyEnrolledError',
  ClientErrors.alreadyEnrolled,
);
export const ProgramInactiveError = domainError('ProgramInactiveError', ClientErrors.programInactive);
/** The stream already holds a client (a retried enrolment with the same id). */
export const ClientAlreadyExistsError = domainError('ClientAlreadyExistsError', ClientErrors.alreadyExists);
/** Identity reported another account for a client that is already linked. */
export const ClientLinkedToAnotherAccountError = domainError(
  'ClientLinkedToAnotherAccountError',
  ClientErrors.linkedToAnotherAccount,
);
/** 409: the company's plan allows no more active customers (checked before the enrolment; ADR 0025). */
export const CustomerLimitReachedError = domainError('CustomerLimitReachedError', ClientErrors.customerLimit);

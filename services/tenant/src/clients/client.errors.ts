import { ClientErrors } from '@punkto/contracts/clients';
import { ConflictError, domainError } from '@punkto/platform/errors/errors';

/** Clients' domain errors: code, status and Polish message from contracts/src/clients.ts. */

export const ClientNotFoundError = domainError('ClientNotFoundError', ClientErrors.notFound);
export const ClientAlreadyEnrolledError = domainError(
  'ClientAlreadyEnrolledError',
  ClientErrors.alreadyEnrolled,
);
export const ClientPhoneRequiredError = domainError('ClientPhoneRequiredError', ClientErrors.phoneRequired);
export const ClientEmailFixedError = domainError('ClientEmailFixedError', ClientErrors.emailFixed);
export const ProgramInactiveError = domainError('ProgramInactiveError', ClientErrors.programInactive);
/** The stream already holds a client (a retried enrolment with the same id). */
export const ClientAlreadyExistsError = domainError('ClientAlreadyExistsError', ClientErrors.alreadyExists);
/** Identity reported another account for a client that is already linked. */
export const ClientLinkedToAnotherAccountError = domainError(
  'ClientLinkedToAnotherAccountError',
  ClientErrors.linkedToAnotherAccount,
);
/** 409: the company's plan has no seat for a new person (taken before the enrolment; ADR 0025, ADR 0051). */
export class CustomerLimitReachedError extends ConflictError {
  /** `staff`: said to staff adding the client (change the plan), else to the customer joining (tell the staff) */
  constructor(limit: number, staff: boolean) {
    const { code, message } = staff ? ClientErrors.customerLimitForStaff(limit) : ClientErrors.customerLimit;
    super(message, code);
  }
}

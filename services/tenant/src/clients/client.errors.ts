import { ClientErrors } from '@punkto/contracts/clients';
import { ConflictError, DomainRuleError, NotFoundError } from '@punkto/platform/errors/errors';

/** Clients' domain errors: stable codes and Polish messages from contracts/src/clients.ts. */

export class ClientNotFoundError extends NotFoundError {
  constructor() {
    super(ClientErrors.notFound.message, ClientErrors.notFound.code);
  }
}

export class ClientAlreadyEnrolledError extends ConflictError {
  constructor() {
    super(ClientErrors.alreadyEnrolled.message, ClientErrors.alreadyEnrolled.code);
  }
}

export class ProgramInactiveError extends DomainRuleError {
  constructor() {
    super(ClientErrors.programInactive.code, ClientErrors.programInactive.message);
  }
}

/** The stream already holds a client (a retried enrolment with the same id). */
export class ClientAlreadyExistsError extends ConflictError {
  constructor() {
    super(ClientErrors.alreadyEnrolled.message, 'CLIENT.ALREADY_EXISTS');
  }
}

/** Identity reported another account for a client that is already linked. */
export class ClientLinkedToAnotherAccountError extends ConflictError {
  constructor() {
    super('Klient jest już powiązany z innym kontem.', 'CLIENT.LINKED_TO_ANOTHER_ACCOUNT');
  }
}

/** 409: the company's plan allows no more active customers (checked before the enrolment; ADR 0025). */
export class CustomerLimitReachedError extends ConflictError {
  constructor() {
    super(ClientErrors.customerLimit.message, ClientErrors.customerLimit.code);
  }
}

import { IdentityErrors, PHONE_ONLY_CUSTOMERS_MESSAGE } from '@punkto/contracts/identity';
import {
  ConflictError,
  DomainRuleError,
  UnauthenticatedError,
  ValidationError,
} from '@punkto/platform/errors/errors';

/** Identity's domain errors: stable codes and Polish messages from contracts/src/identity.ts. */

export class InvalidCredentialsError extends UnauthenticatedError {
  constructor() {
    super(IdentityErrors.invalidCredentials.message, IdentityErrors.invalidCredentials.code);
  }
}

export class AccountNotActiveError extends UnauthenticatedError {
  constructor() {
    super(IdentityErrors.accountNotActive.message, IdentityErrors.accountNotActive.code);
  }
}

export class EmailTakenError extends ConflictError {
  constructor() {
    super(IdentityErrors.emailTaken.message, IdentityErrors.emailTaken.code);
  }
}

/** An activation / reset / confirmation token that is unknown, used, expired or no longer applies. */
export class InvalidTokenError extends DomainRuleError {
  constructor() {
    super(IdentityErrors.invalidToken.code, IdentityErrors.invalidToken.message);
  }
}

export class RefreshFailedError extends UnauthenticatedError {
  constructor() {
    super(IdentityErrors.refreshFailed.message, IdentityErrors.refreshFailed.code);
  }
}

export class WrongPasswordError extends DomainRuleError {
  constructor() {
    super(IdentityErrors.wrongPassword.code, IdentityErrors.wrongPassword.message);
  }
}

export class CaptchaFailedError extends DomainRuleError {
  constructor() {
    super(IdentityErrors.captchaFailed.code, IdentityErrors.captchaFailed.message);
  }
}

export class UserNotFoundError extends UnauthenticatedError {
  constructor() {
    super('Konto nie istnieje lub zostało usunięte. Zaloguj się ponownie.', 'AUTH.USER_NOT_FOUND');
  }
}

export class UserAlreadyExistsError extends ConflictError {
  constructor() {
    super('Takie konto już istnieje.', 'AUTH.USER_EXISTS');
  }
}

export class EmailUnchangedError extends DomainRuleError {
  constructor() {
    super('AUTH.EMAIL_UNCHANGED', 'To jest Twój obecny adres e-mail.');
  }
}

export class TenantAlreadyAssignedError extends ConflictError {
  constructor() {
    super('Konto jest już przypisane do innej firmy.', 'AUTH.TENANT_ALREADY_ASSIGNED');
  }
}

export class NoPendingEmailChangeError extends DomainRuleError {
  constructor() {
    super('AUTH.NO_PENDING_EMAIL_CHANGE', 'Nie ma adresu e-mail oczekującego na potwierdzenie.');
  }
}

/** A company tried to enrol an address whose account is not a customer's (an owner, an employee). */
export class NotACustomerError extends ConflictError {
  constructor() {
    super('To konto nie jest kontem klienta.', 'AUTH.NOT_A_CUSTOMER');
  }
}

/** A phone in an account that is not a customer's (owners and employees have none): 400 on the field. */
export class PhoneOnlyForCustomersError extends ValidationError {
  constructor() {
    super({ phone: [PHONE_ONLY_CUSTOMERS_MESSAGE] });
  }
}

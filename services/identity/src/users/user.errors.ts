import {
  EMPLOYEE_NAME_BY_COMPANY_MESSAGE,
  IdentityErrors,
  PHONE_ONLY_CUSTOMERS_MESSAGE,
} from '@punkto/contracts/identity';
import { domainError, ValidationError } from '@punkto/platform/errors/errors';

/** Identity's domain errors: code, status and Polish message from contracts/src/identity.ts. */

export const InvalidCredentialsError = domainError(
  'InvalidCredentialsError',
  IdentityErrors.invalidCredentials,
);
export const AccountNotActiveError = domainError('AccountNotActiveError', IdentityErrors.accountNotActive);
export const EmailTakenError = domainError('EmailTakenError', IdentityErrors.emailTaken);
/** An activation / reset / confirmation token that is unknown, used, expired or no longer applies. */
export const InvalidTokenError = domainError('InvalidTokenError', IdentityErrors.invalidToken);
export const RefreshFailedError = domainError('RefreshFailedError', IdentityErrors.refreshFailed);
export const WrongPasswordError = domainError('WrongPasswordError', IdentityErrors.wrongPassword);
export const CaptchaFailedError = domainError('CaptchaFailedError', IdentityErrors.captchaFailed);
export const UserNotFoundError = domainError('UserNotFoundError', IdentityErrors.userNotFound);
export const UserAlreadyExistsError = domainError('UserAlreadyExistsError', IdentityErrors.userExists);
export const EmailUnchangedError = domainError('EmailUnchangedError', IdentityErrors.emailUnchanged);
export const TenantAlreadyAssignedError = domainError(
  'TenantAlreadyAssignedError',
  IdentityErrors.tenantAlreadyAssigned,
);
export const NoPendingEmailChangeError = domainError(
  'NoPendingEmailChangeError',
  IdentityErrors.noPendingEmailChange,
);
/** A company tried to enrol an address whose account is not a customer's (an owner, an employee). */
export const NotACustomerError = domainError('NotACustomerError', IdentityErrors.notACustomer);

/**
 * An employee renaming their own account (update-user): the name is the company's record of the employee, set by
 * the owner in „Pracownicy” (ADR 0053); 400 on the field. The company's own renames come from its events.
 */
export class EmployeeNameByCompanyError extends ValidationError {
  constructor() {
    super({ username: [EMPLOYEE_NAME_BY_COMPANY_MESSAGE] });
  }
}

/** A phone in an account that is not a customer's (owners and employees have none): 400 on the field. */
export class PhoneOnlyForCustomersError extends ValidationError {
  constructor() {
    super({ phone: [PHONE_ONLY_CUSTOMERS_MESSAGE] });
  }
}

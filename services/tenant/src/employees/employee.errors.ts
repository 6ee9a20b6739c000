import { EmployeeErrors } from '@punkto/contracts/employees';
import { domainError, PermissionDeniedError } from '@punkto/platform/errors/errors';

/** Employees' domain errors: code, status and Polish message from contracts/src/employees.ts. */

export const EmployeeNotFoundError = domainError('EmployeeNotFoundError', EmployeeErrors.notFound);
export const EmployeeEmailTakenError = domainError('EmployeeEmailTakenError', EmployeeErrors.emailTaken);
export const EmployeeAlreadyActiveError = domainError(
  'EmployeeAlreadyActiveError',
  EmployeeErrors.alreadyActive,
);
export const EmployeeNotActiveError = domainError('EmployeeNotActiveError', EmployeeErrors.notActive);
/** The stream already holds an employee (a retried invitation with the same id). */
export const EmployeeAlreadyExistsError = domainError(
  'EmployeeAlreadyExistsError',
  EmployeeErrors.alreadyExists,
);
/** The owner's own address: owners hold every permission and are not employees. */
export const EmployeeIsOwnerError = domainError('EmployeeIsOwnerError', EmployeeErrors.isOwner);

/** An employee managing staff cannot grant more than they hold, nor change or remove themselves. */
export class EmployeeSelfManagementError extends PermissionDeniedError {
  constructor(reason: 'beyondOwnPermissions' | 'selfChange') {
    super(EmployeeErrors[reason].message, EmployeeErrors[reason].code);
  }
}

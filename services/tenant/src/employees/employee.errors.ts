import { EmployeeErrors } from '@punkto/contracts/employees';
import { ConflictError, NotFoundError, PermissionDeniedError } from '@punkto/platform/errors/errors';

/** Employees' domain errors: stable codes and Polish messages from contracts/src/employees.ts. */

export class EmployeeNotFoundError extends NotFoundError {
  constructor() {
    super(EmployeeErrors.notFound.message, EmployeeErrors.notFound.code);
  }
}

export class EmployeeEmailTakenError extends ConflictError {
  constructor() {
    super(EmployeeErrors.emailTaken.message, EmployeeErrors.emailTaken.code);
  }
}

export class EmployeeAlreadyActiveError extends ConflictError {
  constructor() {
    super(EmployeeErrors.alreadyActive.message, EmployeeErrors.alreadyActive.code);
  }
}

export class EmployeeNotActiveError extends ConflictError {
  constructor() {
    super(EmployeeErrors.notActive.message, EmployeeErrors.notActive.code);
  }
}

/** The stream already holds an employee (a retried invitation with the same id). */
export class EmployeeAlreadyExistsError extends ConflictError {
  constructor() {
    super('Ten pracownik już istnieje.', 'EMPLOYEE.ALREADY_EXISTS');
  }
}

/** The owner's own address: owners hold every permission and are not employees. */
export class EmployeeIsOwnerError extends ConflictError {
  constructor() {
    super(EmployeeErrors.isOwner.message, EmployeeErrors.isOwner.code);
  }
}

/** An employee managing staff cannot grant more than they hold, nor change or remove themselves. */
export class EmployeeSelfManagementError extends PermissionDeniedError {
  constructor(reason: 'beyondOwnPermissions' | 'selfChange') {
    super(EmployeeErrors[reason].message, EmployeeErrors[reason].code);
  }
}

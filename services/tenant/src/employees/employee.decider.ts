import type { Permission } from '@punkto/contracts/permissions';
import { type Decider, type Command } from '@punkto/platform/es/decider';
import { evolve, initialState, type Employee, type EmployeeData, type EmployeeEvent } from './employee';
import {
  EmployeeAlreadyActiveError,
  EmployeeAlreadyExistsError,
  EmployeeNotActiveError,
  EmployeeNotFoundError,
} from './employee.errors';

/**
 * Commands of the Employee aggregate. Time arrives in `metadata.now`. Every command names the tenant from
 * the request path: an employee of another tenant is "not found" (never data, never a hint that it exists).
 * "One e-mail per tenant" spans aggregates and is checked against the `employees` read model before the
 * command (employees.projection.ts); the decider guards its own stream.
 */
type OfTenant<D = unknown> = D & { tenantId: string };

export type InviteEmployee = Command<
  'InviteEmployee',
  OfTenant<{
    employeeId: string;
    email: string;
    name: string;
    permissions: Permission[];
    companyName: string;
  }>
>;
export type UpdateEmployee = Command<'UpdateEmployee', OfTenant<{ name?: string }>>;
export type ChangeEmployeePermissions = Command<
  'ChangeEmployeePermissions',
  OfTenant<{ permissions: Permission[] }>
>;
export type RequestEmployeePasswordReset = Command<'RequestEmployeePasswordReset', OfTenant>;
export type ResendEmployeeInvitation = Command<'ResendEmployeeInvitation', OfTenant<{ companyName: string }>>;
export type ActivateEmployee = Command<'ActivateEmployee', OfTenant>;
/** from identity (StaffEmailChanged): the employee confirmed a new address of their account (ADR 0053) */
export type ChangeEmployeeEmail = Command<'ChangeEmployeeEmail', OfTenant<{ email: string }>>;
export type RemoveEmployee = Command<'RemoveEmployee', OfTenant>;

export type EmployeeCommand =
  | InviteEmployee
  | UpdateEmployee
  | ChangeEmployeePermissions
  | RequestEmployeePasswordReset
  | ResendEmployeeInvitation
  | ActivateEmployee
  | ChangeEmployeeEmail
  | RemoveEmployee;

/** Permissions as a set: unique, in catalogue-independent stable order. */
export const normalizePermissions = (permissions: Permission[]): Permission[] =>
  [...new Set(permissions)].sort();

type Current = Extract<Employee, EmployeeData>;

/** The employee of this tenant (invited or active), or EmployeeNotFoundError. */
function current(state: Employee, tenantId: string): Exclude<Current, { status: 'removed' }> {
  if (state.status === 'none' || state.status === 'removed' || state.tenantId !== tenantId)
    throw new EmployeeNotFoundError();
  return state;
}

/** the employee's permissions, password reset, invitation and activation */
function decideAccess(
  command: Extract<
    EmployeeCommand,
    {
      type:
        | 'ChangeEmployeePermissions'
        | 'RequestEmployeePasswordReset'
        | 'ResendEmployeeInvitation'
        | 'ActivateEmployee';
    }
  >,
  state: Employee,
  at: string,
): EmployeeEvent[] {
  const { tenantId } = command.data;
  switch (command.type) {
    case 'ChangeEmployeePermissions': {
      const employee = current(state, tenantId);
      const permissions = normalizePermissions(command.data.permissions);
      if (permissions.join() === normalizePermissions(employee.permissions).join()) return [];
      return [
        {
          type: 'EmployeePermissionsChanged',
          data: { employeeId: employee.employeeId, tenantId, permissions, changedAt: at },
        },
      ];
    }
    case 'RequestEmployeePasswordReset': {
      const employee = current(state, tenantId);
      if (employee.status !== 'active') throw new EmployeeNotActiveError();
      return [
        {
          type: 'EmployeePasswordResetRequested',
          data: { employeeId: employee.employeeId, tenantId, requestedAt: at },
        },
      ];
    }
    case 'ResendEmployeeInvitation': {
      const employee = current(state, tenantId);
      if (employee.status !== 'invited') throw new EmployeeAlreadyActiveError();
      return [
        {
          type: 'EmployeeInvitationResent',
          data: {
            employeeId: employee.employeeId,
            tenantId,
            companyName: command.data.companyName,
            resentAt: at,
          },
        },
      ];
    }
    case 'ActivateEmployee': {
      // reported by identity (at least once): a repeat, or a report about a removed employee, changes nothing
      if (state.status === 'removed' || state.status === 'active') return [];
      const employee = current(state, tenantId);
      return [
        {
          type: 'EmployeeActivated',
          data: { employeeId: employee.employeeId, tenantId, activatedAt: at },
        },
      ];
    }
  }
}

/**
 * the employee's confirmed new address, reported by identity (at least once): a repeat (the address is already
 * the employee's), or a report about a removed employee, changes nothing
 */
function decideEmailChange(command: ChangeEmployeeEmail, state: Employee, at: string): EmployeeEvent[] {
  const { tenantId, email } = command.data;
  if (state.status === 'removed' && state.tenantId === tenantId) return [];
  const employee = current(state, tenantId);
  if (email === employee.email) return [];
  return [
    {
      type: 'EmployeeEmailChanged',
      data: { employeeId: employee.employeeId, tenantId, email, changedAt: at },
    },
  ];
}

export function decide(command: EmployeeCommand, state: Employee): EmployeeEvent[] {
  const at = command.metadata.now.toISOString();
  const { tenantId } = command.data;
  switch (command.type) {
    case 'InviteEmployee': {
      if (state.status !== 'none') throw new EmployeeAlreadyExistsError();
      const { employeeId, email, name, permissions, companyName } = command.data;
      return [
        {
          type: 'EmployeeInvited',
          data: {
            employeeId,
            tenantId,
            email,
            name,
            permissions: normalizePermissions(permissions),
            companyName,
            invitedAt: at,
          },
        },
      ];
    }
    case 'UpdateEmployee': {
      const employee = current(state, tenantId);
      const { name } = command.data;
      if (name === undefined || name === employee.name) return [];
      return [
        {
          type: 'EmployeeUpdated',
          data: { employeeId: employee.employeeId, tenantId, name, updatedAt: at },
        },
      ];
    }
    case 'ChangeEmployeeEmail':
      return decideEmailChange(command, state, at);
    case 'RemoveEmployee': {
      if (state.status === 'removed' && state.tenantId === tenantId) return [];
      const employee = current(state, tenantId);
      return [
        {
          type: 'EmployeeRemoved',
          data: { employeeId: employee.employeeId, tenantId, removedAt: at },
        },
      ];
    }
    case 'ChangeEmployeePermissions':
    case 'RequestEmployeePasswordReset':
    case 'ResendEmployeeInvitation':
    case 'ActivateEmployee':
      return decideAccess(command, state, at);
    default: {
      const _exhaustive: never = command;
      throw new Error(`unknown command ${(_exhaustive as { type: string }).type}`);
    }
  }
}

export const employeeDecider: Decider<Employee, EmployeeCommand, EmployeeEvent> = {
  decide,
  evolve,
  initialState,
};

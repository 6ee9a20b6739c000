import { toStreamId } from '@punkto/contracts/events';
import type {
  EmployeeActivatedData,
  EmployeeEmailChangedData,
  EmployeeInvitationResentData,
  EmployeeInvitedData,
  EmployeePasswordResetRequestedData,
  EmployeePermissionsChangedData,
  EmployeeRemovedData,
  EmployeeUpdatedData,
} from '@punkto/contracts/integration-events';
import type { Permission } from '@punkto/contracts/permissions';

/**
 * The Employee aggregate (event-sourced, stream `employee-<employeeId>`; the id is the employee's future user
 * id in identity): events, state and evolve. Pure. Event data are exactly the tenant.employees.v1 payloads of
 * contracts/src/integration-events.ts (the relay publishes them as they are). `email` and `name` are personal
 * data, sealed in the log with the employee's key (EMPLOYEE_PII_FIELDS, ADR 0006).
 */

export const EMPLOYEE_STREAM_PREFIX = 'employee-';
export const EMPLOYEE_PII_FIELDS = ['email', 'name'] as const;
export const toEmployeeStreamId = (employeeId: string) => toStreamId('employee', employeeId);

export type EmployeeInvited = { type: 'EmployeeInvited'; data: EmployeeInvitedData };
export type EmployeeUpdated = { type: 'EmployeeUpdated'; data: EmployeeUpdatedData };
export type EmployeePermissionsChanged = {
  type: 'EmployeePermissionsChanged';
  data: EmployeePermissionsChangedData;
};
export type EmployeePasswordResetRequested = {
  type: 'EmployeePasswordResetRequested';
  data: EmployeePasswordResetRequestedData;
};
export type EmployeeInvitationResent = {
  type: 'EmployeeInvitationResent';
  data: EmployeeInvitationResentData;
};
export type EmployeeActivated = { type: 'EmployeeActivated'; data: EmployeeActivatedData };
export type EmployeeEmailChanged = { type: 'EmployeeEmailChanged'; data: EmployeeEmailChangedData };
export type EmployeeRemoved = { type: 'EmployeeRemoved'; data: EmployeeRemovedData };

export type EmployeeEvent =
  | EmployeeInvited
  | EmployeeUpdated
  | EmployeePermissionsChanged
  | EmployeePasswordResetRequested
  | EmployeeInvitationResent
  | EmployeeActivated
  | EmployeeEmailChanged
  | EmployeeRemoved;

export interface EmployeeData {
  employeeId: string;
  tenantId: string;
  email: string;
  name: string;
  permissions: Permission[];
  invitedAt: string;
  activatedAt: string | null;
}

export type Employee =
  | { status: 'none' }
  | ({ status: 'invited' } & EmployeeData)
  | ({ status: 'active' } & EmployeeData)
  | ({ status: 'removed'; removedAt: string } & EmployeeData);

export const initialState = (): Employee => ({ status: 'none' });

export function evolve(state: Employee, event: EmployeeEvent): Employee {
  if (event.type === 'EmployeeInvited') {
    const { companyName: _companyName, ...data } = event.data;
    return { status: 'invited', ...data, activatedAt: null };
  }
  if (state.status === 'none' || state.status === 'removed') return state;
  switch (event.type) {
    case 'EmployeeUpdated':
      return { ...state, name: event.data.name };
    case 'EmployeePermissionsChanged':
      return { ...state, permissions: event.data.permissions };
    case 'EmployeePasswordResetRequested':
    case 'EmployeeInvitationResent':
      return state;
    case 'EmployeeActivated':
      return { ...state, status: 'active', activatedAt: event.data.activatedAt };
    case 'EmployeeEmailChanged':
      return { ...state, email: event.data.email };
    case 'EmployeeRemoved':
      return { ...state, status: 'removed', removedAt: event.data.removedAt };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

import { z } from 'zod';
import { Email, Username } from './identity';
import { PermissionSchema } from './permissions';

/**
 * Employees of a tenant (SPEC §7 /tenants/{id}/employees). Inviting an employee creates their account through
 * events (tenant.employees.v1 → identity), which e-mails an invitation link to set a password (/reset-hasla).
 * The employee's access token carries the granted permissions (`perms`); a change reaches the employee's next
 * token (at the latest when the current one expires).
 */

export const EmployeeStatus = z.enum(['invited', 'active', 'removed']);
export type EmployeeStatus = z.infer<typeof EmployeeStatus>;
export const employeeStatusLabels: Record<EmployeeStatus, string> = {
  invited: 'Zaproszony',
  active: 'Aktywny',
  removed: 'Usunięty',
};

export const InviteEmployeeRequest = z
  .object({
    email: Email,
    name: Username,
    permissions: z.array(PermissionSchema).max(50).default([]),
  })
  .meta({ id: 'InviteEmployeeRequest' });
export type InviteEmployeeRequest = z.input<typeof InviteEmployeeRequest>;

export const UpdateEmployeeRequest = z
  .object({ name: Username.optional() })
  .meta({ id: 'UpdateEmployeeRequest' });

export const EmployeePermissionsRequest = z
  .object({ permissions: z.array(PermissionSchema).max(50) })
  .meta({ id: 'EmployeePermissionsRequest' });

export const ResendActivationRequest = z
  .object({ employeeId: z.string().min(1).max(64) })
  .meta({ id: 'ResendEmployeeActivationRequest' });

export const Employee = z
  .object({
    id: z.string().describe('the employee user id'),
    tenantId: z.string(),
    email: z.string(),
    name: z.string(),
    permissions: z.array(PermissionSchema),
    status: EmployeeStatus,
    invitedAt: z.iso.datetime({ offset: true }),
    activatedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'Employee' });
export type Employee = z.infer<typeof Employee>;

export const EmployeeIdParams = z.object({
  id: z.string().min(1).max(64),
  employeeId: z.string().min(1).max(64),
});

/** sortBy values of GET /employees */
export const EmployeeSortBy = z.enum(['name', 'email', 'invitedAt', 'status']);

export const EmployeeErrors = {
  notFound: { code: 'EMPLOYEE.NOT_FOUND', status: 404, message: 'Nie znaleziono pracownika.' },
  emailTaken: {
    code: 'EMPLOYEE.EMAIL_TAKEN',
    status: 409,
    message: 'Ten adres e-mail jest już używany przez innego pracownika tej firmy.',
  },
  alreadyActive: { code: 'EMPLOYEE.ALREADY_ACTIVE', status: 409, message: 'Pracownik już aktywował konto.' },
  notActive: {
    code: 'EMPLOYEE.NOT_ACTIVE',
    status: 409,
    message: 'Pracownik jeszcze nie aktywował konta. Wyślij ponownie zaproszenie.',
  },
  /** 409: the stream already holds an employee (a retried invitation with the same id) */
  alreadyExists: { code: 'EMPLOYEE.ALREADY_EXISTS', status: 409, message: 'Ten pracownik już istnieje.' },
  /** 409: the owner's own address (owners hold every permission and are not employees) */
  isOwner: {
    code: 'EMPLOYEE.IS_OWNER',
    status: 409,
    message: 'To adres właściciela firmy. Właściciel ma wszystkie uprawnienia i nie jest pracownikiem.',
  },
  /** 403: an employee who manages staff grants more than they hold, or changes / removes themselves */
  beyondOwnPermissions: {
    code: 'EMPLOYEE.SELF_MANAGEMENT',
    status: 403,
    message: 'Możesz nadać tylko te uprawnienia, które sam posiadasz. Poproś właściciela firmy o zmianę.',
  },
  selfChange: {
    code: 'EMPLOYEE.SELF_MANAGEMENT',
    status: 403,
    message: 'Nie możesz zmienić własnych uprawnień ani usunąć własnego konta pracownika.',
  },
} as const;

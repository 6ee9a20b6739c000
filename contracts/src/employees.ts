import { z } from 'zod';
import { Email, Username } from './identity';
import { PermissionSchema } from './permissions';
import { plural } from './plural';

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

/**
 * Invitation e-mails (an invitation or its resend) are Punkto-branded mail to any address a company types, so
 * they are capped (issue 32: a trial company sent 40 phishing-named invitations in 1.3 s; 15 resends put 16
 * mails in one inbox). Counted per calendar day (UTC), refused with 429 RATE_LIMITED and Retry-After (ADR 0040).
 */
export const INVITATION_MAILS_PER_COMPANY_PER_DAY = 30;
/** the same during the 14-day trial (and before billing has told the tenant service about the company) */
export const INVITATION_MAILS_PER_COMPANY_PER_DAY_IN_TRIAL = 10;
/** to one address, whichever companies send them: an invitation and two resends */
export const INVITATION_MAILS_PER_ADDRESS_PER_DAY = 3;

/** the Polish 429 of the per-company cap; `retryAt`: when the next day starts, in Warsaw time (e.g. „01:00”) */
export function companyInvitationLimitMessage(limit: number, trial: boolean, retryAt: string): string {
  return (
    `Limit e-maili z zaproszeniami na dziś został wykorzystany: ` +
    `${trial ? 'w okresie próbnym ' : ''}firma może wysłać ${limit} dziennie. ` +
    `Kolejne zaproszenia wyślesz od ${retryAt}.`
  );
}

/** the Polish 429 of the per-address cap */
export function addressInvitationLimitMessage(limit: number, retryAt: string): string {
  return (
    `Na ten adres wysłaliśmy dziś już ${limit} ${plural(limit, 'e-mail', 'e-maile', 'e-maili')} z zaproszeniem. Poproś tę osobę o sprawdzenie ` +
    `folderu „Spam” albo wyślij zaproszenie ponownie od ${retryAt}.`
  );
}

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

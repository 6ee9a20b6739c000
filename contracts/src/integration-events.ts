import { z } from 'zod';
import { ProgramKind, RewardLimits, RewardSchedule, TierLevel } from './programs';
import { PermissionSchema } from './permissions';

/**
 * Payloads (`data` of the EventEnvelope) of the integration events other services consume. The producer
 * owns the schema; consumers parse with these and ignore event types they do not know.
 *
 * tenant.tenants.v1:   TenantCreated, TenantUpdated, TenantLogoChanged, TenantHeroImageChanged, TenantDeleted
 * tenant.programs.v1:  ProgramDefined (the whole current definition, every create or change), ProgramDeleted
 * tenant.employees.v1: EmployeeInvited, EmployeeUpdated, EmployeePermissionsChanged,
 *                      EmployeePasswordResetRequested, EmployeeInvitationResent, EmployeeRemoved
 * tenant.clients.v1:   ClientEnrolled, ClientAccountLinked, ClientRemoved
 * identity.users.v1:   (sealed personal data) UserLinkedToClient, UserLinkedToEmployee, UserActivated …
 *
 * Personal data (e-mail, name, phone) is sealed with a per-person key in the tenant's event store; the relay
 * publishes it unsealed on the bus, whose retention is bounded (ADR 0006).
 */

export const TimeZone = 'Europe/Warsaw';

/** tenant.programs.v1 ProgramDefined: event-carried state transfer of a program's rules (card ledger). */
export const ProgramDefinedData = z.object({
  programId: z.string(),
  tenantId: z.string(),
  /** increases by one with every definition of this program */
  version: z.number().int().min(1),
  kind: ProgramKind,
  name: z.string(),
  active: z.boolean(),
  pointsPerPln: z.number().nullable(),
  stampsRequired: z.number().int().nullable(),
  levels: z.array(TierLevel).nullable(),
  rewards: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      cost: z.number().int(),
      active: z.boolean(),
      schedule: RewardSchedule,
      limits: RewardLimits,
    }),
  ),
  definedAt: z.iso.datetime({ offset: true }),
});
export type ProgramDefinedData = z.infer<typeof ProgramDefinedData>;

export const ProgramDeletedData = z.object({
  programId: z.string(),
  tenantId: z.string(),
  deletedAt: z.iso.datetime({ offset: true }),
});

export const TenantDeletedData = z.object({
  tenantId: z.string(),
  ownerId: z.string(),
  deletedAt: z.iso.datetime({ offset: true }),
});

/** tenant.employees.v1 EmployeeInvited: identity creates the employee's account (user id = employeeId). */
export const EmployeeInvitedData = z.object({
  employeeId: z.string(),
  tenantId: z.string(),
  email: z.string(),
  name: z.string(),
  permissions: z.array(PermissionSchema),
  companyName: z.string(),
  invitedAt: z.iso.datetime({ offset: true }),
});

export const EmployeePermissionsChangedData = z.object({
  employeeId: z.string(),
  tenantId: z.string(),
  permissions: z.array(PermissionSchema),
  changedAt: z.iso.datetime({ offset: true }),
});

/**
 * tenant.clients.v1 ClientEnrolled: a customer joined a program. `userId` is known when the customer joined
 * by themselves; otherwise identity links (or creates) the account and tenant records ClientAccountLinked.
 * The card ledger issues the card once a client has a user id.
 */
export const ClientEnrolledData = z.object({
  clientId: z.string(),
  tenantId: z.string(),
  programId: z.string(),
  userId: z.string().nullable(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  source: z.enum(['created', 'added', 'self']),
  companyName: z.string(),
  programName: z.string(),
  marketingConsent: z.boolean(),
  enrolledAt: z.iso.datetime({ offset: true }),
});
export type ClientEnrolledData = z.infer<typeof ClientEnrolledData>;

export const ClientAccountLinkedData = z.object({
  clientId: z.string(),
  tenantId: z.string(),
  programId: z.string(),
  userId: z.string(),
  linkedAt: z.iso.datetime({ offset: true }),
});
export type ClientAccountLinkedData = z.infer<typeof ClientAccountLinkedData>;

export const ClientRemovedData = z.object({
  clientId: z.string(),
  tenantId: z.string(),
  programId: z.string(),
  removedAt: z.iso.datetime({ offset: true }),
});

import type {
  ClientEnrolledData,
  EmployeeInvitedData,
  TenantDeletedData,
} from '@punkto/contracts/integration-events';
import { Roles, type Permission } from '@punkto/contracts/permissions';
import { companySender } from '@punkto/platform/mail/company-sender';
import type { Mailer } from '@punkto/platform/mail/mailer.port';
import type { Logger } from '@punkto/platform/observability/logger';
import { readProjection } from '@punkto/platform/projections/projection';
import { randomUUID } from 'node:crypto';
import type { IdentityConfig } from '../config';
import { clientEnrolledMail, clientInvitationMail, employeeInvitationMail } from '../mail/identity-mails';
import type { CompanyContacts } from '../tenants/company-contacts';
import type { UserRecord } from '../users/user-read-model';
import { userCommand, type Accounts } from './accounts';

export interface CompanyAccountsDeps {
  accounts: Accounts;
  config: IdentityConfig;
  mailer: Mailer;
  logger: Logger;
  clock: () => Date;
  /** the companies' contact e-mails: the Reply-To of their mail */
  contacts: CompanyContacts;
}

/** the company as the sender of mail it causes: its name in From, its contact e-mail as Reply-To (ADR 0040) */
const senderOf = async (deps: CompanyAccountsDeps, tenantId: string | null, companyName: string) =>
  companySender(companyName, await deps.contacts.replyToOf(tenantId));

async function sendEmployeeInvitation(
  deps: CompanyAccountsDeps,
  record: UserRecord,
  companyName: string,
  now: Date,
) {
  const { accounts, mailer, config } = deps;
  const { token, ttlSeconds } = await accounts.issueToken('invitation', record, record.email, now);
  await mailer.send({
    ...employeeInvitationMail({
      to: record.email,
      username: record.username,
      companyName,
      token,
      ttlSeconds,
      publicUrl: config.PUBLIC_URL,
    }),
    ...(await senderOf(deps, record.tenantId, companyName)),
  });
}

/** tenant.tenants.v1 TenantCreated{ownerId, tenantId}: the owner's next token carries `tid`. */
async function assignTenant({ accounts, clock }: CompanyAccountsDeps, ownerId: string, tenantId: string) {
  await accounts.execute(ownerId, userCommand('AssignTenant', { tenantId }, clock()), null);
}

/**
 * EmployeeInvited: the employee's account (user id = employee id, role employee, the tenant and the granted
 * permissions, no usable password) and an invitation e-mail with a set-password link. An address that
 * already has an account (a customer, an owner, another company's employee) is NOT turned into an employee:
 * logged and skipped, nothing recorded. A redelivery (the account exists) sends nothing.
 */
async function inviteEmployee(
  deps: CompanyAccountsDeps,
  data: EmployeeInvitedData,
): Promise<'invited' | 'skipped'> {
  const { accounts, logger } = deps;
  const now = deps.clock();
  if (await readProjection<UserRecord>(accounts.users, data.employeeId)) return 'skipped';
  if (await accounts.recordByEmail(data.email)) {
    logger.warn(
      { employeeId: data.employeeId, tenantId: data.tenantId },
      'employee not invited: the e-mail address already has an account',
    );
    return 'skipped';
  }
  const registered = await accounts.registerInvited(
    {
      userId: data.employeeId,
      email: data.email,
      username: data.name,
      role: Roles.employee,
      tenantId: data.tenantId,
      permissions: data.permissions,
      marketingConsent: false,
    },
    now,
  );
  if (!registered) {
    logger.warn({ employeeId: data.employeeId }, 'employee not invited: lost a race for the address');
    return 'skipped';
  }
  await sendEmployeeInvitation(deps, registered, data.companyName, now);
  return 'invited';
}

/** EmployeeInvitationResent: a new set-password link (the older one stops working) while not activated. */
async function resendEmployeeInvitation(deps: CompanyAccountsDeps, employeeId: string, companyName: string) {
  const record = await deps.accounts.recordOf(employeeId);
  if (record?.role !== Roles.employee || record.status !== 'pending_activation') return;
  await sendEmployeeInvitation(deps, record, companyName, deps.clock());
}

/** EmployeePasswordResetRequested: the same reset e-mail a person can ask for themselves. */
async function sendEmployeePasswordReset({ accounts, clock }: CompanyAccountsDeps, employeeId: string) {
  const now = clock();
  const record = await accounts.recordOf(employeeId);
  if (record?.role !== Roles.employee || record.status !== 'active') return;
  await accounts.execute(employeeId, userCommand('RequestPasswordReset', {}, now), null);
  await accounts.issueAndSend('password-reset', record, record.email, now);
}

/** EmployeeUpdated(name) → UsernameChanged. */
async function renameEmployee({ accounts, clock }: CompanyAccountsDeps, employeeId: string, name: string) {
  const record = await accounts.recordOf(employeeId);
  if (record?.role !== Roles.employee) return;
  await accounts.execute(employeeId, userCommand('ChangeUsername', { username: name }, clock()), null);
}

/** EmployeePermissionsChanged → UserPermissionsChanged; the employee's next access token carries them. */
async function changeEmployeePermissions(
  { accounts, clock }: CompanyAccountsDeps,
  employeeId: string,
  permissions: Permission[],
) {
  const record = await accounts.recordOf(employeeId);
  if (record?.role !== Roles.employee) return;
  await accounts.execute(employeeId, userCommand('ChangePermissions', { permissions }, clock()), null);
}

/** EmployeeRemoved: the account is deleted, its sessions and links revoked, its key shredded. */
async function removeEmployee({ accounts }: CompanyAccountsDeps, employeeId: string) {
  const record = await accounts.recordOf(employeeId);
  if (record?.role !== Roles.employee) return;
  await accounts.closeAccount(employeeId, 'employee-removed', null);
}

/**
 * TenantDeleted: the owner keeps the account without a tenant (they may create a new company); the
 * employees' accounts of that tenant are deleted.
 */
async function tenantDeleted(
  { accounts, clock }: CompanyAccountsDeps,
  data: Pick<TenantDeletedData, 'tenantId' | 'ownerId'>,
) {
  const now = clock();
  const owner = await accounts.recordOf(data.ownerId);
  if (owner)
    await accounts.execute(
      data.ownerId,
      userCommand('UnassignTenant', { tenantId: data.tenantId }, now),
      null,
    );
  const staff = (await accounts.users.find({
    tenantId: data.tenantId,
    role: Roles.employee,
  })) as UserRecord[];
  for (const employee of staff)
    if (employee.status !== 'deleted') await accounts.closeAccount(employee.userId, 'tenant-deleted', null);
}

/** The customer account an enrolled client links to: the one with that address, or a new pending one. */
async function customerAccountFor(
  { accounts, logger }: CompanyAccountsDeps,
  data: ClientEnrolledData & { email: string },
  now: Date,
): Promise<UserRecord | 'not-a-customer'> {
  const existing = await accounts.recordByEmail(data.email);
  if (existing && existing.role !== Roles.customer) {
    logger.warn(
      { clientId: data.clientId, tenantId: data.tenantId, role: existing.role },
      'client not linked: the e-mail address belongs to a non-customer account',
    );
    return 'not-a-customer';
  }
  if (existing) return existing;
  const created = await accounts.registerInvited(
    {
      userId: randomUUID(),
      email: data.email,
      username: data.name,
      role: Roles.customer,
      tenantId: null,
      permissions: [],
      marketingConsent: data.marketingConsent,
    },
    now,
  );
  // lost a race for the address to another registration: the redelivery links that account
  if (!created) throw new Error('client enrolment: the address was registered meanwhile; retrying');
  return created;
}

/**
 * ClientEnrolled by staff (`userId: null`): link the customer account with that address, or create one
 * (pending, no password); then UserLinkedToClient (tenant marks the client active). A new or never
 * activated account gets an invitation with a set-password link, an active one a short notice (neither for an
 * import's row sent with `invite: false`, ADR 0059). An address whose account is not a customer's is logged and
 * skipped. A redelivery (already linked) sends nothing.
 */
async function enrollClient(
  deps: CompanyAccountsDeps,
  data: ClientEnrolledData,
): Promise<'linked' | 'skipped'> {
  const { email } = data;
  if (data.userId !== null || email === null) return 'skipped';
  const { accounts, mailer, config } = deps;
  const now = deps.clock();
  const record = await customerAccountFor(deps, { ...data, email }, now);
  if (record === 'not-a-customer') return 'skipped';
  const { clientId, tenantId, programId } = data;
  const linked = await accounts.execute(
    record.userId,
    userCommand('LinkToClient', { clientId, tenantId, programId }, now),
    null,
  );
  if (!linked.newEvents.length) return 'skipped';
  // an imported client without the company's confirmation or the customer's consent (ADR 0059): no e-mail; the
  // customer can still set a password with "Nie pamiętasz hasła?"
  if (data.invite === false) return 'linked';
  const notice = {
    to: record.email,
    username: record.username,
    companyName: data.companyName,
    programName: data.programName,
    publicUrl: config.PUBLIC_URL,
  };
  const mail =
    record.status === 'pending_activation'
      ? clientInvitationMail({
          ...notice,
          ...(await accounts.issueToken('invitation', record, record.email, now)),
        })
      : clientEnrolledMail(notice);
  await mailer.send({ ...mail, ...(await senderOf(deps, tenantId, data.companyName)) });
  return 'linked';
}

/**
 * Accounts companies manage, from the tenant service's events (tenant.employees.v1, tenant.clients.v1,
 * tenant.tenants.v1): the owner's tenant, employees' accounts and permissions, customers' accounts of
 * clients staff enrolled. Idempotent: a redelivery decides no new event and sends nothing. Each use case is
 * a function above; this binds them to one set of dependencies for the identity service.
 */
export function companyAccounts(accounts: Accounts, deps: Omit<CompanyAccountsDeps, 'accounts'>) {
  const all: CompanyAccountsDeps = { accounts, ...deps };
  return {
    assignTenant: (ownerId: string, tenantId: string) => assignTenant(all, ownerId, tenantId),
    inviteEmployee: (data: EmployeeInvitedData) => inviteEmployee(all, data),
    resendEmployeeInvitation: (employeeId: string, companyName: string) =>
      resendEmployeeInvitation(all, employeeId, companyName),
    sendEmployeePasswordReset: (employeeId: string) => sendEmployeePasswordReset(all, employeeId),
    renameEmployee: (employeeId: string, name: string) => renameEmployee(all, employeeId, name),
    changeEmployeePermissions: (employeeId: string, permissions: Permission[]) =>
      changeEmployeePermissions(all, employeeId, permissions),
    removeEmployee: (employeeId: string) => removeEmployee(all, employeeId),
    tenantDeleted: (data: Pick<TenantDeletedData, 'tenantId' | 'ownerId'>) => tenantDeleted(all, data),
    enrollClient: (data: ClientEnrolledData) => enrollClient(all, data),
  };
}

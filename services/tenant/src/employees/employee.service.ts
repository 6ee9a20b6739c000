import type { Employee as EmployeeView } from '@punkto/contracts/employees';
import type { Permission } from '@punkto/contracts/permissions';
import { toPage, type Page, type PaginationQuery } from '@punkto/contracts/pagination';
import type { DocumentStore, Filter, SortSpec } from '@punkto/platform/documents/document-store.port';
import { projectedCommandHandler } from '@punkto/platform/es/projected-command-handler';
import { DuplicateKeyError } from '@punkto/platform/errors/errors';
import type { EventStore } from '@punkto/platform/event-store/event-store.port';
import type { PersonKeys } from '@punkto/platform/privacy/person-keys';
import { readProjection } from '@punkto/platform/projections/projection';
import { randomUUID } from 'node:crypto';
import { companyNameOf } from '../clients/lookups';
import { searchFilter, totalOf } from '../clients/search-text';
import { toEmployeeStreamId } from './employee';
import type { InvitationLimits } from './invitation-limits';
import { employeeDecider, type EmployeeCommand } from './employee.decider';
import {
  EmployeeAlreadyExistsError,
  EmployeeEmailTakenError,
  EmployeeNotFoundError,
} from './employee.errors';
import {
  applyEmployeeEvent,
  EMPLOYEE_SORT_FIELDS,
  EMPLOYEES_COLLECTION,
  EMPLOYEES_EMAIL_INDEX,
  ensureEmployeeIndexes,
  LISTED_EMPLOYEE_STATUSES,
  reservation,
  toEmployeeView,
  type EmployeeRecord,
  type EmployeeRecordDoc,
} from './employees.projection';

export interface EmployeeServiceDeps {
  /** the tenant service's event store, sealing `employee-` personal data (ADR 0006) */
  eventStore: EventStore;
  documents: DocumentStore;
  /** the keys `eventStore` seals with: removing an employee shreds theirs */
  personKeys: PersonKeys;
  clock: () => Date;
  /** the daily caps on invitation e-mails (ADR 0040), counted before an invitation or a resend */
  invitationLimits: InvitationLimits;
}

/** Who acts: the route passes the caller, so the log records the actor. */
export interface Actor {
  id: string;
}

/** the employees' read model and stream handler */
async function employeeContext(deps: EmployeeServiceDeps) {
  const { eventStore, documents, personKeys, clock, invitationLimits } = deps;
  const employees = documents.collection<EmployeeRecordDoc>(EMPLOYEES_COLLECTION);
  await ensureEmployeeIndexes(employees);
  const aggregate = projectedCommandHandler({
    eventStore,
    decider: employeeDecider,
    streamId: toEmployeeStreamId,
    collection: employees,
    apply: applyEmployeeEvent,
  });
  const execute = (employeeId: string, command: EmployeeCommand, actorId: string | null) =>
    aggregate.run(employeeId, command, { tenantId: command.data.tenantId, actorId });
  return { documents, personKeys, clock, invitationLimits, employees, aggregate, execute };
}
export type EmployeeContext = Awaited<ReturnType<typeof employeeContext>>;

const cmd = <C extends EmployeeCommand>(ctx: EmployeeContext, type: C['type'], data: C['data']) =>
  ({ type, data, metadata: { now: ctx.clock() } }) as C;

/** A listed employee of this tenant, or 404. */
async function recordOf(ctx: EmployeeContext, tenantId: string, employeeId: string): Promise<EmployeeRecord> {
  const doc = await readProjection<EmployeeRecord>(ctx.employees, employeeId);
  if (!doc || doc.tenantId !== tenantId || !LISTED_EMPLOYEE_STATUSES.includes(doc.status as never))
    throw new EmployeeNotFoundError();
  return doc;
}

/** Inserts the (tenant, e-mail) reservation, or reuses one a crashed attempt left behind; 409 when taken. */
async function reserve(ctx: EmployeeContext, record: Parameters<typeof reservation>[0]): Promise<string> {
  const existing = (await ctx.employees.findOne({
    tenantId: record.tenantId,
    emailKey: record.email,
  })) as EmployeeRecord | null;
  if (existing) {
    if (existing.status !== 'inviting') throw new EmployeeEmailTakenError();
    return existing.employeeId;
  }
  try {
    await ctx.employees.insert(reservation(record));
    return record.employeeId;
  } catch (error) {
    if (error instanceof DuplicateKeyError && error.index === EMPLOYEES_EMAIL_INDEX)
      throw new EmployeeEmailTakenError();
    throw error;
  }
}

async function assertAddressFree(ctx: EmployeeContext, tenantId: string, email: string): Promise<void> {
  const existing = (await ctx.employees.findOne({ tenantId, emailKey: email })) as EmployeeRecord | null;
  if (existing && existing.status !== 'inviting') throw new EmployeeEmailTakenError();
}

export async function inviteEmployee(
  ctx: EmployeeContext,
  tenantId: string,
  actor: Actor,
  input: { email: string; name: string; permissions: Permission[] },
): Promise<EmployeeView> {
  // an address already on the staff sends nothing: 409 without spending the caps
  await assertAddressFree(ctx, tenantId, input.email);
  // counted before anything is written: parallel invitations cannot pass the cap together (ADR 0040)
  await ctx.invitationLimits.count(ctx.clock(), tenantId, input.email);
  const companyName = await companyNameOf(ctx.documents, tenantId);
  const employeeId = await reserve(ctx, {
    employeeId: randomUUID(),
    tenantId,
    ...input,
    invitedAt: ctx.clock().toISOString(),
  });
  try {
    await ctx.execute(
      employeeId,
      cmd(ctx, 'InviteEmployee', { tenantId, employeeId, companyName, ...input }),
      actor.id,
    );
  } catch (error) {
    if (!(error instanceof EmployeeAlreadyExistsError)) throw error;
    // a concurrent invitation of the same address reused the same reservation and won
    await ctx.aggregate.rebuild(employeeId);
    throw new EmployeeEmailTakenError();
  }
  return toEmployeeView(await recordOf(ctx, tenantId, employeeId));
}

export async function listEmployees(
  ctx: EmployeeContext,
  tenantId: string,
  query: PaginationQuery,
): Promise<Page<EmployeeView>> {
  const search = searchFilter(query.searchTerm);
  const filter: Filter = {
    tenantId,
    status: { $in: LISTED_EMPLOYEE_STATUSES },
    ...(search && { $and: [search] }),
  };
  const field =
    EMPLOYEE_SORT_FIELDS[(query.sortBy ?? 'name') as keyof typeof EMPLOYEE_SORT_FIELDS] ?? 'nameKey';
  const direction = query.sortDescending ? -1 : 1;
  const sort: SortSpec = { [field]: direction, _id: direction };
  const skip = (query.pageNumber - 1) * query.pageSize;
  const items = await ctx.employees.find(filter, { sort, skip, limit: query.pageSize });
  const total = await totalOf(ctx.employees, filter, skip, items.length, query.pageSize);
  return toPage(
    items.map((doc) => toEmployeeView(doc as EmployeeRecord)),
    total,
    query,
  );
}

/** One of this company's employees, and the staff member who acts on it. */
interface OnEmployee {
  tenantId: string;
  actor: Actor;
  employeeId: string;
}

/** A command on a listed employee of this tenant (404 for none, or another company's), by the actor. */
async function commandOn(ctx: EmployeeContext, on: OnEmployee, command: EmployeeCommand): Promise<void> {
  await recordOf(ctx, on.tenantId, on.employeeId);
  await ctx.execute(on.employeeId, command, on.actor.id);
}

const viewOf = async (ctx: EmployeeContext, on: Omit<OnEmployee, 'actor'>): Promise<EmployeeView> =>
  toEmployeeView(await recordOf(ctx, on.tenantId, on.employeeId));

export async function updateEmployee(
  ctx: EmployeeContext,
  on: OnEmployee,
  input: { name?: string },
): Promise<EmployeeView> {
  await commandOn(ctx, on, cmd(ctx, 'UpdateEmployee', { tenantId: on.tenantId, ...input }));
  return viewOf(ctx, on);
}

export async function changePermissions(
  ctx: EmployeeContext,
  on: OnEmployee,
  permissions: Permission[],
): Promise<EmployeeView> {
  await commandOn(ctx, on, cmd(ctx, 'ChangeEmployeePermissions', { tenantId: on.tenantId, permissions }));
  return viewOf(ctx, on);
}

export const requestPasswordReset = (ctx: EmployeeContext, on: OnEmployee): Promise<void> =>
  commandOn(ctx, on, cmd(ctx, 'RequestEmployeePasswordReset', { tenantId: on.tenantId }));

export async function resendInvitation(ctx: EmployeeContext, on: OnEmployee): Promise<void> {
  const { tenantId, employeeId } = on;
  const record = await recordOf(ctx, tenantId, employeeId);
  // an active employee's resend is refused by the decider, and sends nothing: not counted
  if (record.status === 'invited') await ctx.invitationLimits.count(ctx.clock(), tenantId, record.email);
  const companyName = await companyNameOf(ctx.documents, tenantId);
  await ctx.execute(employeeId, cmd(ctx, 'ResendEmployeeInvitation', { tenantId, companyName }), on.actor.id);
}

/** EmployeeRemoved (identity closes the account), then the employee's key is shredded (ADR 0006). */
export async function removeEmployee(ctx: EmployeeContext, on: OnEmployee): Promise<void> {
  await commandOn(ctx, on, cmd(ctx, 'RemoveEmployee', { tenantId: on.tenantId }));
  await ctx.personKeys.shred(on.employeeId);
}

/**
 * identity.users.v1 UserActivated: when the user is one of our employees (user id = employee id), the
 * employee becomes active. Anyone else (owners, customers, unknown ids) is ignored. Idempotent.
 */
export async function employeeActivated(ctx: EmployeeContext, userId: string): Promise<boolean> {
  const doc = await readProjection<EmployeeRecord>(ctx.employees, userId);
  if (!doc || doc.status !== 'invited') return false;
  const result = await ctx.execute(userId, cmd(ctx, 'ActivateEmployee', { tenantId: doc.tenantId }), null);
  return result.newEvents.length > 0;
}

/**
 * identity.users.v1 StaffEmailChanged: when the user is one of this company's employees (user id = employee
 * id), the company's record takes the confirmed address (ADR 0053). Owners, customers and unknown ids are
 * ignored; a repeat changes nothing. An address another employee of the company holds (possible only when
 * an invitation reserved it in the meantime) is refused, logged by the consumer, not retried.
 */
export async function employeeEmailChanged(
  ctx: EmployeeContext,
  change: { userId: string; tenantId: string; email: string },
): Promise<boolean> {
  const { userId, tenantId, email } = change;
  const doc = await recordOf(ctx, tenantId, userId).catch((error: unknown) => {
    if (error instanceof EmployeeNotFoundError) return null; // not one of ours (an owner, another company)
    throw error;
  });
  if (!doc || doc.email === email) return false;
  const holder = (await ctx.employees.findOne({ tenantId, emailKey: email })) as EmployeeRecord | null;
  if (holder && holder.employeeId !== userId) throw new EmployeeEmailTakenError();
  const result = await ctx.execute(userId, cmd(ctx, 'ChangeEmployeeEmail', { tenantId, email }), null);
  return result.newEvents.length > 0;
}

/**
 * The use cases behind /tenants/{id}/employees and the identity consumer. Every change goes through the
 * Employee decider (generic command handler) and is projected into `employees` right after; the relay
 * publishes the events on tenant.employees.v1, where identity creates, updates and closes the accounts.
 */
export async function createEmployeeService(deps: EmployeeServiceDeps) {
  const ctx = await employeeContext(deps);
  return {
    invite: (
      tenantId: string,
      actor: Actor,
      input: { email: string; name: string; permissions: Permission[] },
    ) => inviteEmployee(ctx, tenantId, actor, input),
    list: (tenantId: string, query: PaginationQuery) => listEmployees(ctx, tenantId, query),
    get: (tenantId: string, employeeId: string) => viewOf(ctx, { tenantId, employeeId }),
    update: (tenantId: string, actor: Actor, employeeId: string, input: { name?: string }) =>
      updateEmployee(ctx, { tenantId, actor, employeeId }, input),
    changePermissions: (tenantId: string, actor: Actor, employeeId: string, permissions: Permission[]) =>
      changePermissions(ctx, { tenantId, actor, employeeId }, permissions),
    requestPasswordReset: (tenantId: string, actor: Actor, employeeId: string) =>
      requestPasswordReset(ctx, { tenantId, actor, employeeId }),
    resendInvitation: (tenantId: string, actor: Actor, employeeId: string) =>
      resendInvitation(ctx, { tenantId, actor, employeeId }),
    remove: (tenantId: string, actor: Actor, employeeId: string) =>
      removeEmployee(ctx, { tenantId, actor, employeeId }),
    activated: (userId: string) => employeeActivated(ctx, userId),
    emailChanged: (change: { userId: string; tenantId: string; email: string }) =>
      employeeEmailChanged(ctx, change),
  };
}

export type EmployeeService = Awaited<ReturnType<typeof createEmployeeService>>;

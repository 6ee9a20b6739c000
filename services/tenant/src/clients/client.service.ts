import { phoneOnlyHolder, type ClientPerson } from '@punkto/contracts/clients';
import type { ClientEnrolledData } from '@punkto/contracts/integration-events';
import type { Page, PaginationQuery } from '@punkto/contracts/pagination';
import { DuplicateKeyError } from '@punkto/platform/errors/errors';
import { randomUUID } from 'node:crypto';
import {
  ClientAlreadyEnrolledError,
  ClientAlreadyExistsError,
  ClientNotFoundError,
  CustomerLimitReachedError,
  ProgramInactiveError,
} from './client.errors';
import {
  CLIENTS_ENROLMENT_INDEX,
  LISTED_CLIENT_STATUSES,
  reservation,
  type ClientRecord,
} from './clients.projection';
import { customerDeleted, editClient, removeClient, type ClientEdit } from './client-records';
import { clientContext, cmd, getClient, type ClientContext, type ClientServiceDeps } from './client-context';
import { companyNameOf, programOf } from './lookups';

export type { ClientServiceDeps };

export interface Enrolment {
  /** null: a phone-only client (ADR 0056; `phone` is then required) */
  email: string | null;
  name: string;
  phone: string | null;
  programId: string;
  marketingConsent: boolean;
  source: ClientEnrolledData['source'];
  /** known when the customer enrols themselves; otherwise identity links (or creates) the account */
  userId: string | null;
}

/**
 * Inserts the (tenant, program, e-mail) reservation, or reuses one a crashed attempt left behind. A phone-only
 * client (ADR 0056) is refused when the programme has a listed client with that phone already.
 */
async function reserve(ctx: ClientContext, record: Parameters<typeof reservation>[0]): Promise<string> {
  const { tenantId, programId } = record;
  const existing = (await ctx.clients.findOne(
    record.email === null
      ? { tenantId, programId, phone: record.phone, status: { $in: LISTED_CLIENT_STATUSES } }
      : { tenantId, programId, emailKey: record.email },
  )) as ClientRecord | null;
  if (existing) {
    if (existing.status !== 'enrolling') throw new ClientAlreadyEnrolledError();
    return existing.clientId;
  }
  try {
    await ctx.clients.insert(reservation(record));
    return record.clientId;
  } catch (error) {
    if (error instanceof DuplicateKeyError && error.index === CLIENTS_ENROLMENT_INDEX)
      throw new ClientAlreadyEnrolledError();
    throw error;
  }
}

/** The program a client enrols in: 404 unknown, 400 inactive. */
async function programToEnrolIn(ctx: ClientContext, tenantId: string, programId: string) {
  const program = await programOf(ctx.documents, tenantId, programId);
  if (!program.active) throw new ProgramInactiveError();
  return program;
}

/**
 * The enrolment's seat on the plan, taken before anything is recorded or said (ADR 0051); without room the
 * reservation goes and the caller hears why — staff that the plan is full, a customer to tell the staff.
 */
async function seatFor(ctx: ClientContext, tenantId: string, clientId: string, input: Enrolment) {
  if (!ctx.customerLimitFor) return;
  const limit = await ctx.customerLimitFor(tenantId);
  const person = input.email ?? phoneOnlyHolder(clientId);
  if (await ctx.seats.take(tenantId, clientId, person, limit)) return;
  const reserved = (await ctx.clients.get(clientId)) as ClientRecord | null;
  if (reserved?.status === 'enrolling') await ctx.clients.delete(clientId);
  throw new CustomerLimitReachedError(limit, input.source !== 'self');
}

/** create-client, add-client and join: 404 unknown program, 400 inactive, 409 already enrolled. */
export async function enrollClient(
  ctx: ClientContext,
  tenantId: string,
  actorId: string,
  input: Enrolment,
): Promise<{ clientId: string }> {
  const program = await programToEnrolIn(ctx, tenantId, input.programId);
  const companyName = await companyNameOf(ctx.documents, tenantId);
  const clientId = await reserve(ctx, {
    clientId: randomUUID(),
    tenantId,
    programId: program.programId,
    programName: program.name,
    userId: input.userId,
    email: input.email,
    name: input.name,
    phone: input.phone,
    source: input.source,
    enrolledAt: ctx.clock().toISOString(),
  });
  await seatFor(ctx, tenantId, clientId, input);
  try {
    await ctx.execute(
      clientId,
      cmd(ctx, 'EnrollClient', {
        clientId,
        tenantId,
        programId: program.programId,
        userId: input.userId,
        email: input.email,
        name: input.name,
        phone: input.phone,
        source: input.source,
        companyName,
        programName: program.name,
        marketingConsent: input.marketingConsent,
      }),
      actorId,
    );
  } catch (error) {
    if (!(error instanceof ClientAlreadyExistsError)) throw error;
    // a concurrent enrolment of the same address reused the same reservation and won
    await ctx.aggregate.rebuild(clientId);
    throw new ClientAlreadyEnrolledError();
  }
  return { clientId };
}

/** the clients list: one row per person (ADR 0054, client-people.ts) */
export async function listClients(
  ctx: ClientContext,
  tenantId: string,
  query: PaginationQuery,
): Promise<Page<ClientPerson>> {
  return ctx.people.list(tenantId, query);
}

/**
 * identity.users.v1 UserPhoneChanged: the customer's phone (null: removed) goes to every client record
 * of their account, in every company, so staff find the card by the current number only. Idempotent (the
 * same number again decides nothing); returns how many records changed.
 */
export async function customerPhoneChanged(
  ctx: ClientContext,
  input: { userId: string; phone: string | null },
): Promise<number> {
  const records = (await ctx.clients.find({
    userId: input.userId,
    status: { $in: LISTED_CLIENT_STATUSES },
  })) as ClientRecord[];
  let changed = 0;
  for (const record of records) {
    const result = await ctx.execute(
      record.clientId,
      cmd(ctx, 'ChangeCustomerPhone', {
        tenantId: record.tenantId,
        userId: input.userId,
        phone: input.phone,
      }),
      input.userId,
    );
    changed += result.newEvents.length;
  }
  return changed;
}

/**
 * notification.messages.v1 MarketingConsentWithdrawn: the customer used the unsubscribe link of a company
 * message; each of their client records in that company records the withdrawal (the list and the export
 * show "Nie"). Idempotent; returns how many records changed.
 */
export async function marketingConsentWithdrawn(
  ctx: ClientContext,
  input: { tenantId: string; clientIds: readonly string[]; campaignId: string },
): Promise<number> {
  let changed = 0;
  for (const clientId of input.clientIds) {
    try {
      const result = await ctx.execute(
        clientId,
        cmd(ctx, 'WithdrawMarketingConsent', { tenantId: input.tenantId, campaignId: input.campaignId }),
        null,
      );
      changed += result.newEvents.length;
    } catch (error) {
      // a client of another company, or unknown here: the others still record it
      if (!(error instanceof ClientNotFoundError)) throw error;
    }
  }
  return changed;
}

/**
 * identity.users.v1 UserLinkedToClient: the client gets the customer's account and becomes active.
 * Idempotent (the same account again decides nothing).
 */
export async function linkClientAccount(
  ctx: ClientContext,
  input: { clientId: string; tenantId: string; userId: string },
): Promise<boolean> {
  const result = await ctx.execute(
    input.clientId,
    cmd(ctx, 'LinkClientAccount', { tenantId: input.tenantId, userId: input.userId }),
    null,
  );
  return result.newEvents.length > 0;
}

/**
 * The use cases behind create-client, add-client, join, get-clients and get-client, and the identity
 * consumer (UserLinkedToClient → ClientAccountLinked). Every change goes through the Client decider and is
 * projected into `clients` right after; the relay publishes tenant.clients.v1 (identity creates or links the
 * account, the card ledger issues the card).
 */
export async function createClientService(deps: ClientServiceDeps) {
  const ctx = await clientContext(deps);
  return {
    enroll: (tenantId: string, actorId: string, input: Enrolment) =>
      enrollClient(ctx, tenantId, actorId, input),
    list: (tenantId: string, query: PaginationQuery) => listClients(ctx, tenantId, query),
    get: (tenantId: string, clientId: string) => getClient(ctx, tenantId, clientId),
    customerPhoneChanged: (input: { userId: string; phone: string | null }) =>
      customerPhoneChanged(ctx, input),
    marketingConsentWithdrawn: (input: {
      tenantId: string;
      clientIds: readonly string[];
      campaignId: string;
    }) => marketingConsentWithdrawn(ctx, input),
    linkAccount: (input: { clientId: string; tenantId: string; userId: string }) =>
      linkClientAccount(ctx, input),
    customerDeleted: (userId: string) => customerDeleted(ctx, userId),
    remove: (tenantId: string, actorId: string, clientId: string) =>
      removeClient(ctx, tenantId, actorId, clientId),
    edit: (tenantId: string, actorId: string, clientId: string, input: ClientEdit) =>
      editClient(ctx, tenantId, actorId, clientId, input),
  };
}

export type ClientService = Awaited<ReturnType<typeof createClientService>>;

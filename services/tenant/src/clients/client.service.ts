import { type ClientPerson } from '@punkto/contracts/clients';
import type { ImportClientsRequest } from '@punkto/contracts/client-import';
import type { Page, PaginationQuery } from '@punkto/contracts/pagination';
import { ClientNotFoundError } from './client.errors';
import { LISTED_CLIENT_STATUSES, type ClientRecord } from './clients.projection';
import { customerDeleted, editClient, removeClient, type ClientEdit } from './client-records';
import { clientContext, cmd, getClient, type ClientContext, type ClientServiceDeps } from './client-context';
import { enrollClient, type Enrolment } from './client-enrolment';
import { importClients } from './client-import';

export type { ClientServiceDeps };

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
    import: (tenantId: string, actorId: string, request: ImportClientsRequest & { invite: boolean }) =>
      importClients(ctx, tenantId, actorId, request),
  };
}

export type ClientService = Awaited<ReturnType<typeof createClientService>>;

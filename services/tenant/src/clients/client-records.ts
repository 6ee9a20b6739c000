import type { Client as ClientView } from '@punkto/contracts/clients';
import { cmd, getClient, listedClient, type ClientContext } from './client-context';
import type { ClientRecord } from './clients.projection';
import { ClientAlreadyEnrolledError } from './client.errors';
import { companyNameOf } from './lookups';

/** Staff's corrections and removals of a client record, and the erasure of a deleted account's records. */

/**
 * identity.users.v1 UserDeleted: the customer deleted their account, so every client record of it, in every
 * company, is removed (ClientRemoved: the read model keeps no personal data, the card ledger closes the card,
 * notification and survey drop their copies) and each record's key is shredded, so the log's copies read
 * `[dane usunięte]` (ADR 0006, ADR 0046). Idempotent: a redelivery after a crash between the two steps removes
 * nothing new and shreds again. Returns how many records were removed now.
 */
export async function customerDeleted(ctx: ClientContext, userId: string): Promise<number> {
  const records = (await ctx.clients.find({ userId })) as ClientRecord[];
  let removed = 0;
  for (const record of records) removed += await forget(ctx, record, userId);
  return removed;
}

/** ClientRemoved (unless removed already), then the record's key shredded; 1 when it was removed now. */
async function forget(ctx: ClientContext, record: ClientRecord, actorId: string): Promise<number> {
  let removed = 0;
  // an enrolment caught half-way (its reservation, no event yet): the reservation goes, nothing else exists
  if (record.status === 'enrolling') await ctx.clients.delete(record.clientId);
  else if (record.status !== 'removed') {
    const result = await ctx.execute(
      record.clientId,
      cmd(ctx, 'RemoveClient', { tenantId: record.tenantId }),
      actorId,
    );
    removed = result.newEvents.length;
  }
  await ctx.personKeys.shred(record.clientId);
  await ctx.seats.release(record.tenantId, record.clientId); // the person's seat, with their last holding
  return removed;
}

export interface ClientEdit {
  name?: string | undefined;
  phone?: string | null | undefined;
  /** a phone-only client's address (ADR 0056) */
  email?: string | undefined;
  marketingConsent?: boolean | undefined;
}

/**
 * Staff correct a client's name and/or phone, or give a phone-only client an e-mail (PATCH …/clients/{clientId});
 * answers the client as it is now. 404 for a client of another company or a removed one; 409 when the address
 * already has a card in the programme (the same person).
 */
export async function editClient(
  ctx: ClientContext,
  tenantId: string,
  actorId: string,
  clientId: string,
  { email, marketingConsent, ...correction }: ClientEdit,
): Promise<ClientView> {
  const record = await listedClient(ctx, tenantId, clientId);
  if (correction.name !== undefined || correction.phone !== undefined)
    await ctx.execute(clientId, cmd(ctx, 'EditClient', { tenantId, ...correction }), actorId);
  if (email !== undefined)
    await giveEmail(ctx, record, actorId, { email, marketingConsent: !!marketingConsent });
  return getClient(ctx, tenantId, clientId);
}

/**
 * ClientEmailGiven (identity then links or creates the account and mails the customer; the card ledger moves the
 * card to it), and the seat follows the person. The unique (tenant, program, e-mail) of the read model is checked
 * first: an address with a card in the programme already is the same person's other card.
 */
async function giveEmail(
  ctx: ClientContext,
  record: ClientRecord,
  actorId: string,
  input: { email: string; marketingConsent: boolean },
): Promise<void> {
  const { tenantId, programId, clientId } = record;
  const holder = (await ctx.clients.findOne({
    tenantId,
    programId,
    emailKey: input.email,
  })) as ClientRecord | null;
  if (holder && holder.clientId !== clientId) throw new ClientAlreadyEnrolledError();
  const companyName = await companyNameOf(ctx.documents, tenantId);
  const command = cmd(ctx, 'GiveClientEmail', {
    tenantId,
    ...input,
    companyName,
    programName: record.programName,
  });
  await ctx.execute(clientId, command, actorId);
  await ctx.seats.rekey(tenantId, clientId, input.email);
}

/**
 * Staff remove a client from the company (DELETE …/clients/{clientId}): the same forgetting as an erased
 * account, for this company only — the card ledger closes the card, the copies go, the key is shredded. The
 * customer's Punkto account stays. 404 for a client of another company or one already removed.
 */
export async function removeClient(
  ctx: ClientContext,
  tenantId: string,
  actorId: string,
  clientId: string,
): Promise<void> {
  await forget(ctx, await listedClient(ctx, tenantId, clientId), actorId);
}

import type { Client as ClientView } from '@punkto/contracts/clients';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { projectedCommandHandler } from '@punkto/platform/es/projected-command-handler';
import type { EventStore } from '@punkto/platform/event-store/event-store.port';
import type { PersonKeys } from '@punkto/platform/privacy/person-keys';
import { readProjection } from '@punkto/platform/projections/projection';
import { toClientStreamId } from './client';
import { clientDecider, type ClientCommand } from './client.decider';
import { ClientNotFoundError } from './client.errors';
import { clientPeople, ensurePeopleIndexes } from './client-people';
import { enrolmentView, isListed } from './client-people.projection';
import { customerSeats } from './customer-seats';
import {
  applyClientEvent,
  CLIENTS_COLLECTION,
  ensureClientIndexes,
  toClientView,
  type ClientRecord,
  type ClientRecordDoc,
} from './clients.projection';

/** What every client use case works on: the read model, the stream handler, the keys, the clock. */

export interface ClientServiceDeps {
  /** the tenant service's event store, sealing `client-` personal data (ADR 0006) */
  eventStore: EventStore;
  documents: DocumentStore;
  /** the keys `eventStore` seals with: a removed client's key is shredded */
  personKeys: PersonKeys;
  clock: () => Date;
  /**
   * the tenant's customer limit: billing's entitlement, or the trial's default while billing has not published
   * one; every enrolment takes a seat under it first (customer-seats.ts, ADR 0051). Absent: no limit.
   */
  customerLimitFor?: (tenantId: string) => Promise<number>;
}

/** the clients' read model and stream handler */
export async function clientContext(deps: ClientServiceDeps) {
  const { eventStore, documents, personKeys, clock, customerLimitFor } = deps;
  const clients = documents.collection<ClientRecordDoc>(CLIENTS_COLLECTION);
  await ensureClientIndexes(clients);
  const aggregate = projectedCommandHandler({
    eventStore,
    decider: clientDecider,
    streamId: toClientStreamId,
    collection: clients,
    apply: applyClientEvent,
  });
  const people = clientPeople(documents);
  await ensurePeopleIndexes(people.people);
  // every command's change reaches the person's row of the clients list (client-people.ts, ADR 0054)
  const execute = async (clientId: string, command: ClientCommand, actorId: string | null) => {
    const before = await people.before(clientId);
    const result = await aggregate.run(clientId, command, { tenantId: command.data.tenantId, actorId });
    await people.refresh(clientId, before);
    return result;
  };
  const seats = customerSeats(documents, clock);
  return { documents, personKeys, clock, customerLimitFor, seats, clients, people, aggregate, execute };
}
export type ClientContext = Awaited<ReturnType<typeof clientContext>>;

export const cmd = <C extends ClientCommand>(ctx: ClientContext, type: C['type'], data: C['data']) =>
  ({ type, data, metadata: { now: ctx.clock() } }) as C;

/** a client the company's list shows (invited or active); 404 for another company's or a removed one */
export async function listedClient(
  ctx: ClientContext,
  tenantId: string,
  clientId: string,
): Promise<ClientRecord> {
  const doc = await readProjection<ClientRecord>(ctx.clients, clientId);
  if (!doc || doc.tenantId !== tenantId || !isListed(doc)) throw new ClientNotFoundError();
  return doc;
}

/** the client as the API shows it, with the same person's other programmes (their row of the clients list) */
export async function getClient(ctx: ClientContext, tenantId: string, clientId: string): Promise<ClientView> {
  const record = await listedClient(ctx, tenantId, clientId);
  const person = await ctx.people.rowOf(record);
  const otherProgrammes = (person?.enrolments ?? [])
    .filter((e) => e.clientId !== clientId)
    .map(enrolmentView);
  return { ...toClientView(record), otherProgrammes };
}

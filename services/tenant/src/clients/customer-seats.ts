import { releaseSeat, takeSeats, type SeatHolders } from '@punkto/contracts/customer-seats';
import type { Collection, DocumentStore } from '@punkto/platform/documents/document-store.port';
import { mutateDocument, UNCHANGED } from '@punkto/platform/documents/mutate-document';
import { PROGRAMS_COLLECTION, type ProgramRecordDoc } from '../programs/programs.projection';
import { CLIENTS_COLLECTION, LISTED_CLIENT_STATUSES, type ClientRecord } from './clients.projection';

/**
 * The plan's seats as the tenant service holds them (ADR 0051): one per PERSON (an e-mail address in the company),
 * however many programmes. Every enrolment — a customer joining, staff adding or creating a client — takes a seat
 * BEFORE anything is recorded or said (no „Twoja karta już na Ciebie czeka” without one): a revision-checked write
 * on one document per tenant, so 120 parallel enrolments on the 100 plan give exactly 100 seats and 20 refusals.
 * A client invited by staff holds a seat while the company waits for the account (the card was promised); the
 * card ledger, which issues the cards, applies the same rule (contracts/customer-seats.ts) to the people who have
 * one. A removed client, or every client of a deleted programme, gives its holding back; the person's seat goes with
 * their last one.
 *
 * The first use for a tenant seeds the document from its listed clients, so companies from before keep counting
 * the customers they have.
 *
 * A crash can leave a holding behind: between taking the seat and recording the enrolment (its reservation stays
 * `enrolling`), or between a programme's deletion and the release of its clients' holdings. When the plan is full,
 * such holdings are dropped before anyone is refused (`staleHoldings`), so a crash never costs the company a seat.
 */

/** how long an enrolment's reservation may wait for its event before its holding counts as left by a crash */
export const RESERVATION_GRACE_MS = 10 * 60_000;
type SeatsDoc = { _id: string; holders: Record<string, string> };
type SeatRequests = ReadonlyArray<{ holding: string; person: string }>;

/** holdings whose client is gone, removed, in a deleted programme, or a reservation older than the grace */
async function staleHoldingsOf(
  {
    clients,
    programs,
    clock,
  }: {
    clients: Collection<ClientRecord & { _id: string }>;
    programs: Collection<ProgramRecordDoc>;
    clock: () => Date;
  },
  tenantId: string,
  holders: SeatHolders,
): Promise<string[]> {
  const live = new Set((await programs.find({ tenantId })).map((p) => p._id));
  const records = new Map((await clients.find({ tenantId })).map((c) => [c.clientId, c]));
  const now = clock().getTime();
  return Object.keys(holders).filter((clientId) => {
    const client = records.get(clientId);
    if (!client || client.status === 'removed' || !live.has(client.programId)) return true;
    return client.status === 'enrolling' && now - Date.parse(client.enrolledAt) > RESERVATION_GRACE_MS;
  });
}

export function customerSeats(documents: DocumentStore, clock: () => Date = () => new Date()) {
  const seats = documents.collection<SeatsDoc>('tenant_customer_seats');
  const clients = documents.collection<ClientRecord & { _id: string }>(CLIENTS_COLLECTION);
  const programs = documents.collection<ProgramRecordDoc>(PROGRAMS_COLLECTION);

  const staleHoldings = (tenantId: string, holders: SeatHolders) =>
    staleHoldingsOf({ clients, programs, clock }, tenantId, holders);

  async function decideTakeMany(tenantId: string, requests: SeatRequests, limit: number) {
    let granted = new Set<string>();
    await change(tenantId, (held) => {
      const decision = takeSeats(held, requests, limit);
      granted = decision.granted;
      return decision.holders;
    });
    return granted;
  }

  async function seeded(tenantId: string): Promise<void> {
    // counted, not read: the document holds every holding of the company (megabytes for tens of thousands)
    if ((await seats.count({ _id: tenantId })) > 0) return;
    const listed = await clients.find({ tenantId, status: { $in: LISTED_CLIENT_STATUSES } });
    const holders = Object.fromEntries(listed.map((c) => [c.clientId, c.emailKey]));
    await mutateDocument(seats, tenantId, (current) => (current ? UNCHANGED : { _id: tenantId, holders }));
  }

  async function change(tenantId: string, decide: (holders: SeatHolders) => SeatHolders): Promise<void> {
    await seeded(tenantId);
    await mutateDocument(seats, tenantId, (current) => {
      const held = current?.holders ?? {};
      const after = decide(held);
      return after === held ? UNCHANGED : { _id: tenantId, holders: { ...after } };
    });
  }

  /**
   * Seats for many holdings in one write, in order (one, or an import's batch: ADR 0059); returns the holdings
   * granted. When full, holdings a crash left behind go first, then the same decisions once more.
   */
  async function takeMany(tenantId: string, requests: SeatRequests, limit: number): Promise<Set<string>> {
    const granted = await decideTakeMany(tenantId, requests, limit);
    if (granted.size === requests.length) return granted;
    const stale = await staleHoldings(tenantId, (await seats.get(tenantId))?.holders ?? {});
    if (stale.length === 0) return granted;
    await change(tenantId, (held) => stale.reduce((after, id) => releaseSeat(after, id), held));
    return decideTakeMany(tenantId, requests, limit);
  }

  return {
    /** a seat for the client of address `emailKey`, or false when the plan has no room for a new person */
    async take(tenantId: string, clientId: string, emailKey: string, limit: number): Promise<boolean> {
      return (await takeMany(tenantId, [{ holding: clientId, person: emailKey }], limit)).has(clientId);
    },

    takeMany,
    /**
     * The holding now belongs to the person of `emailKey` (a phone-only client given an address, ADR 0056): it
     * held a seat already, so nothing is refused; the count drops when that person holds another.
     */
    async rekey(tenantId: string, clientId: string, emailKey: string): Promise<void> {
      await change(tenantId, (held) =>
        held[clientId] === undefined || held[clientId] === emailKey
          ? held
          : { ...held, [clientId]: emailKey },
      );
    },

    async release(tenantId: string, clientId: string): Promise<void> {
      await change(tenantId, (held) => releaseSeat(held, clientId));
    },

    /** a deleted programme's clients give their holdings back (their cards are closed; the people may hold others) */
    async releaseProgram(tenantId: string, programId: string): Promise<void> {
      const ofProgram = await clients.find({ tenantId, programId });
      await change(tenantId, (held) => ofProgram.reduce((after, c) => releaseSeat(after, c.clientId), held));
    },
  };
}

export type CustomerSeats = ReturnType<typeof customerSeats>;

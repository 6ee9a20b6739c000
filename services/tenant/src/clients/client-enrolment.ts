import { phoneOnlyHolder } from '@punkto/contracts/clients';
import type { ClientEnrolledData } from '@punkto/contracts/integration-events';
import { DuplicateKeyError } from '@punkto/platform/errors/errors';
import { randomUUID } from 'node:crypto';
import {
  ClientAlreadyEnrolledError,
  ClientAlreadyExistsError,
  CustomerLimitReachedError,
  ProgramInactiveError,
} from './client.errors';
import {
  CLIENTS_ENROLMENT_INDEX,
  LISTED_CLIENT_STATUSES,
  reservation,
  type ClientRecord,
} from './clients.projection';
import { cmd, type ClientContext } from './client-context';
import { companyNameOf, programOf, type ProgramFacts } from './lookups';

/** Enrolling one client (create-client, add-client, join, an import's row): the seat, the reservation, the event. */

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
  /** an imported client's paper-card balance (ADR 0059), recorded by the card ledger on the card */
  openingBalance?: ClientEnrolledData['openingBalance'];
  /** false: the account is linked or created without an e-mail (an import without consent, ADR 0059) */
  invite?: boolean;
  /** an imported row's birthday, „MM-DD” (ADR 0059): the card ledger's, if the person has none of their own */
  birthday?: string;
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
export async function programToEnrolIn(ctx: ClientContext, tenantId: string, programId: string) {
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

type Known = { program: ProgramFacts; companyName: string };

/** the enrolment's reservation (a new client id, or the one a crashed attempt left); 409 already enrolled */
export function reserveEnrolment(ctx: ClientContext, tenantId: string, input: Enrolment, { program }: Known) {
  return reserve(ctx, {
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
}

/** ClientEnrolled for a reserved client that holds its seat; 409 when a concurrent enrolment of it won */
export async function recordEnrolment(
  ctx: ClientContext,
  ids: { tenantId: string; actorId: string; clientId: string },
  input: Enrolment,
  { program, companyName }: Known,
): Promise<void> {
  const { tenantId, actorId, clientId } = ids;
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
        ...(input.openingBalance ? { openingBalance: input.openingBalance } : {}),
        ...(input.invite === undefined ? {} : { invite: input.invite }),
        ...(input.birthday === undefined ? {} : { birthday: input.birthday }),
      }),
      actorId,
    );
  } catch (error) {
    if (!(error instanceof ClientAlreadyExistsError)) throw error;
    // a concurrent enrolment of the same address reused the same reservation and won
    await ctx.aggregate.rebuild(clientId);
    throw new ClientAlreadyEnrolledError();
  }
}

/** create-client, add-client and join: 404 unknown program, 400 inactive, 409 already enrolled. */
export async function enrollClient(
  ctx: ClientContext,
  tenantId: string,
  actorId: string,
  input: Enrolment,
): Promise<{ clientId: string }> {
  const program = await programToEnrolIn(ctx, tenantId, input.programId);
  const known = { program, companyName: await companyNameOf(ctx.documents, tenantId) };
  const clientId = await reserveEnrolment(ctx, tenantId, input, known);
  await seatFor(ctx, tenantId, clientId, input);
  await recordEnrolment(ctx, { tenantId, actorId, clientId }, input, known);
  return { clientId };
}

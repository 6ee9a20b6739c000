import {
  ImportMessages,
  importKeyOf,
  readImportRow,
  type ImportClientsRequest,
  type ImportClientsResponse,
  type ImportRow,
  type ImportRowCells,
} from '@punkto/contracts/client-import';
import { birthdayText } from '@punkto/contracts/birthdays';
import { phoneOnlyHolder } from '@punkto/contracts/clients';
import { isDomainRefusal } from '@punkto/platform/errors/errors';
import { ClientAlreadyEnrolledError, CustomerLimitReachedError } from './client.errors';
import type { ClientContext } from './client-context';
import { programToEnrolIn, recordEnrolment, reserveEnrolment, type Enrolment } from './client-enrolment';
import type { ClientRecord } from './clients.projection';
import { companyNameOf, type ProgramFacts } from './lookups';

type RowResult = ImportClientsResponse['results'][number];
type Known = { program: ProgramFacts; companyName: string };
type Ids = { tenantId: string; actorId: string };
type Pending = { row: number; input: Enrolment; clientId: string };

/**
 * Rows of a batch in flight at once: the event store and the documents commit the writes of one event-loop turn
 * together (ADR 0029), so rows side by side share their fsyncs instead of paying one each.
 */
const IN_FLIGHT = 32;

/**
 * The balance a row brings to the card of the programme imported into (ADR 0059): the programme's own unit only
 * (points for a points or tiers programme, stamps for a stamp card); none when it is zero.
 */
export function openingBalanceOf(
  row: Pick<ImportRow, 'points' | 'stamps'>,
  kind: ProgramFacts['kind'],
  importId: string,
) {
  const points = kind === 'stamps' ? 0 : row.points;
  const stamps = kind === 'stamps' ? row.stamps : 0;
  return points === 0 && stamps === 0 ? undefined : { points, stamps, importId };
}

const error = (row: number, message: string): RowResult => ({
  row,
  outcome: 'error',
  clientId: null,
  errors: [{ field: null, message }],
});

/** a refusal of the domain becomes the row's error (the plan's limit and the like); anything else fails the batch */
function refusalOf(row: number, failure: unknown): RowResult {
  if (failure instanceof ClientAlreadyEnrolledError)
    return {
      row,
      outcome: 'existing',
      clientId: null,
      errors: [{ field: null, message: ImportMessages.alreadyClient }],
    };
  if (isDomainRefusal(failure)) return error(row, failure.localizedMessage);
  throw failure;
}

/** runs `work` on every item, at most `limit` at a time */
async function inFlight<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** the rows as create-client enrols them: imported, with their balance; invited only if confirmed and agreed */
function enrolmentOf(
  row: ImportRow,
  request: { importId: string; invite: boolean },
  known: Known,
): Enrolment {
  return {
    email: row.email,
    name: row.name,
    phone: row.phone,
    programId: known.program.programId,
    marketingConsent: row.consent,
    source: 'imported',
    userId: null,
    openingBalance: openingBalanceOf(row, known.program.kind, request.importId),
    // only with the company's confirmation, and only to whom agreed (a phone-only row has no account)
    invite: request.invite && row.consent && row.email !== null,
    // the day and month only (the year was dropped when the row was read)
    ...(row.birthday ? { birthday: birthdayText(row.birthday) } : {}),
  };
}

/** the plan's seats for the reserved rows in one write (ADR 0051); a row refused gives its reservation back */
async function seatsOf(
  ctx: ClientContext,
  tenantId: string,
  reserved: Pending[],
  results: Map<number, RowResult>,
) {
  // nothing new (a re-imported file): the seats, one document of every holding, are not read at all
  if (!ctx.customerLimitFor || reserved.length === 0) return reserved;
  const limit = await ctx.customerLimitFor(tenantId);
  const requests = reserved.map((p) => ({
    holding: p.clientId,
    person: p.input.email ?? phoneOnlyHolder(p.clientId),
  }));
  const granted = await ctx.seats.takeMany(tenantId, requests, limit);
  const refusal = new CustomerLimitReachedError(limit, true).localizedMessage;
  // side by side, as the reservations were made: their deletions share the group commit
  await inFlight(
    reserved.filter((r) => !granted.has(r.clientId)),
    IN_FLIGHT,
    async (p) => {
      const record = (await ctx.clients.get(p.clientId)) as ClientRecord | null;
      if (record?.status === 'enrolling') await ctx.clients.delete(p.clientId);
      results.set(p.row, error(p.row, refusal));
    },
  );
  return reserved.filter((r) => granted.has(r.clientId));
}

/** reservation, seat, event — as create-client, with the batch's rows side by side and its seats taken at once */
async function enrolRows(
  ctx: ClientContext,
  ids: Ids,
  valid: Array<{ row: number; input: Enrolment }>,
  known: Known,
) {
  const results = new Map<number, RowResult>();
  const reserved: Pending[] = [];
  await inFlight(valid, IN_FLIGHT, async ({ row, input }) => {
    try {
      reserved.push({ row, input, clientId: await reserveEnrolment(ctx, ids.tenantId, input, known) });
    } catch (failure) {
      results.set(row, refusalOf(row, failure));
    }
  });
  reserved.sort((a, b) => a.row - b.row); // the seats go in the file's order
  const seated = await seatsOf(ctx, ids.tenantId, reserved, results);
  await inFlight(seated, IN_FLIGHT, async ({ row, input, clientId }) => {
    try {
      await recordEnrolment(ctx, { ...ids, clientId }, input, known);
      results.set(row, { row, outcome: 'created', clientId, errors: [] });
    } catch (failure) {
      results.set(row, refusalOf(row, failure));
    }
  });
  return results;
}

/**
 * POST …/import-clients: one batch. Every row is validated again with the panel's rules (contracts/client-import.ts)
 * and enrolled as create-client enrols a client; a row already in the programme (the same e-mail, or a phone-only
 * row's phone) is `existing`, so a retried batch or a re-imported file creates nothing twice and records no balance
 * twice. A row repeated within the batch is an error naming the first. 404/400 for an unknown or inactive programme.
 */
export async function importClients(
  ctx: ClientContext,
  tenantId: string,
  actorId: string,
  request: ImportClientsRequest & { invite: boolean },
): Promise<ImportClientsResponse> {
  const program = await programToEnrolIn(ctx, tenantId, request.programId);
  const known = { program, companyName: await companyNameOf(ctx.documents, tenantId) };
  const rows = request.rows as ImportRowCells[];
  const early = new Map<number, RowResult>();
  const valid: Array<{ row: number; input: Enrolment }> = [];
  const seen = new Map<string, number>();
  for (const cells of rows) {
    const read = readImportRow(cells);
    if (!read.ok) {
      early.set(cells.row, { row: cells.row, outcome: 'error', clientId: null, errors: read.errors });
      continue;
    }
    const key = importKeyOf(read.value);
    const first = seen.get(key);
    if (first !== undefined) early.set(cells.row, error(cells.row, ImportMessages.duplicateInFile(first)));
    else {
      seen.set(key, cells.row);
      valid.push({ row: cells.row, input: enrolmentOf(read.value, request, known) });
    }
  }
  const enrolled = await enrolRows(ctx, { tenantId, actorId }, valid, known);
  return { results: rows.map((cells) => early.get(cells.row) ?? enrolled.get(cells.row)!) };
}

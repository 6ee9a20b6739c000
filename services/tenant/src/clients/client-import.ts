import {
  ImportMessages,
  importKeyOf,
  readImportRow,
  type ImportClientsRequest,
  type ImportClientsResponse,
  type ImportRow,
  type ImportRowCells,
} from '@punkto/contracts/client-import';
import { isDomainRefusal } from '@punkto/platform/errors/errors';
import { ClientAlreadyEnrolledError } from './client.errors';
import type { ClientContext } from './client-context';
import { enrollClient, programToEnrolIn } from './client-enrolment';
import { companyNameOf, type ProgramFacts } from './lookups';

type RowResult = ImportClientsResponse['results'][number];

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

/** one valid row, enrolled as create-client would (the plan's seat first): created, already a client, or why not */
async function importRow(
  ctx: ClientContext,
  tenantId: string,
  actorId: string,
  request: { importId: string; invite: boolean },
  row: ImportRow,
  known: { program: ProgramFacts; companyName: string },
): Promise<RowResult> {
  try {
    const { clientId } = await enrollClient(
      ctx,
      tenantId,
      actorId,
      {
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
      },
      known,
    );
    return { row: row.row, outcome: 'created', clientId, errors: [] };
  } catch (error) {
    if (error instanceof ClientAlreadyEnrolledError)
      return {
        row: row.row,
        outcome: 'existing',
        clientId: null,
        errors: [{ field: null, message: ImportMessages.alreadyClient }],
      };
    // the plan's customer limit and the like: reported on the row, never dropped
    if (isDomainRefusal(error))
      return {
        row: row.row,
        outcome: 'error',
        clientId: null,
        errors: [{ field: null, message: error.localizedMessage }],
      };
    throw error;
  }
}

/**
 * POST …/import-clients: one batch. Every row is validated again with the panel's rules (contracts/client-import.ts)
 * and enrolled one by one; a row already in the programme (the same e-mail, or a phone-only row's phone) is
 * `existing`, so a retried batch or a re-imported file creates nothing twice and records no balance twice. A row
 * repeated within the batch is an error naming the first. 404/400 for an unknown or inactive programme.
 */
export async function importClients(
  ctx: ClientContext,
  tenantId: string,
  actorId: string,
  request: ImportClientsRequest & { invite: boolean },
): Promise<ImportClientsResponse> {
  const program = await programToEnrolIn(ctx, tenantId, request.programId);
  const known = { program, companyName: await companyNameOf(ctx.documents, tenantId) };
  const seen = new Map<string, number>();
  const results: RowResult[] = [];
  for (const cells of request.rows as ImportRowCells[]) {
    const read = readImportRow(cells);
    if (!read.ok) {
      results.push({ row: cells.row, outcome: 'error', clientId: null, errors: read.errors });
      continue;
    }
    const key = importKeyOf(read.value);
    const first = seen.get(key);
    if (first !== undefined) {
      const message = ImportMessages.duplicateInFile(first);
      results.push({ row: cells.row, outcome: 'error', clientId: null, errors: [{ field: null, message }] });
      continue;
    }
    seen.set(key, cells.row);
    results.push(await importRow(ctx, tenantId, actorId, request, read.value, known));
  }
  return { results };
}

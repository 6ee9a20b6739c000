import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { readProjection } from '@punkto/platform/projections/projection';
import { ProgramNotFoundError } from '../programs/program.errors';
import {
  PROGRAMS_COLLECTION,
  type ProgramRecord,
  type ProgramRecordDoc,
} from '../programs/programs.projection';
import { TenantNotFoundError } from '../tenants/tenant.errors';
import { TENANTS_COLLECTION, type TenantRecord, type TenantRecordDoc } from '../tenants/tenants.projection';

/**
 * What employees and clients need to know of the other aggregates of this service, read from their read
 * models (`tenants`, `programs`): those are written by the request that appended the events, right after
 * the append, so they are current for every later request (a crash in between is caught up by the next
 * command on that aggregate).
 */

export async function companyNameOf(documents: DocumentStore, tenantId: string): Promise<string> {
  const tenant = await readProjection<TenantRecord>(
    documents.collection<TenantRecordDoc>(TENANTS_COLLECTION),
    tenantId,
  );
  if (tenant?.status !== 'active') throw new TenantNotFoundError();
  return tenant.companyName;
}

export type ProgramFacts = Pick<ProgramRecord, 'programId' | 'tenantId' | 'name' | 'active' | 'kind'>;

/** The program as its last definition says, or ProgramNotFoundError (unknown, deleted, another tenant's). */
export async function programOf(
  documents: DocumentStore,
  tenantId: string,
  programId: string,
): Promise<ProgramFacts> {
  const program = await readProjection<ProgramRecord>(
    documents.collection<ProgramRecordDoc>(PROGRAMS_COLLECTION),
    programId,
  );
  if (!program || program.tenantId !== tenantId) throw new ProgramNotFoundError();
  return program;
}

import { toStreamId } from '@punkto/contracts/events';
import type { ProgramDefinedData } from '@punkto/contracts/integration-events';
import { ProgramErrors } from '@punkto/contracts/programs';
import { NotFoundError } from '@punkto/platform/errors/errors';
import type { EventStore } from '@punkto/platform/event-store/event-store.port';
import { evolve, initialState, toTenantStreamId, type Tenant, type TenantEvent } from '../tenants/tenant';
import { TenantNotFoundError } from '../tenants/tenant.errors';

/**
 * What employees and clients need to know of the other aggregates of this service, read from their streams
 * (strongly consistent, a handful of events each) rather than from read models that may lag:
 * - the company name (tenant-<id>, folded with the Tenant aggregate's own evolve);
 * - a program's tenant, name and state (program-<id>, from the ProgramDefined / ProgramDeleted payloads of
 *   contracts/src/integration-events.ts, the same facts the card ledger receives).
 */

export class ProgramNotFoundError extends NotFoundError {
  constructor() {
    super(ProgramErrors.notFound.message, ProgramErrors.notFound.code);
  }
}

export async function companyNameOf(eventStore: EventStore, tenantId: string): Promise<string> {
  const stream = await eventStore.readStream(toTenantStreamId(tenantId));
  const state = stream.reduce<Tenant>(
    (s, e) => evolve(s, { type: e.type, data: e.data } as TenantEvent),
    initialState(),
  );
  if (state.status !== 'active') throw new TenantNotFoundError();
  return state.companyName;
}

export interface ProgramFacts {
  programId: string;
  tenantId: string;
  name: string;
  active: boolean;
}

/** The program as its last definition says, or ProgramNotFoundError (unknown, deleted, another tenant's). */
export async function programOf(
  eventStore: EventStore,
  tenantId: string,
  programId: string,
): Promise<ProgramFacts> {
  const stream = await eventStore.readStream(toStreamId('program', programId));
  let program: ProgramFacts | null = null;
  for (const event of stream) {
    if (event.type === 'ProgramDefined') {
      const data = event.data as ProgramDefinedData;
      program = { programId, tenantId: data.tenantId, name: data.name, active: data.active };
    } else if (event.type === 'ProgramDeleted') program = null;
  }
  if (!program || program.tenantId !== tenantId) throw new ProgramNotFoundError();
  return program;
}

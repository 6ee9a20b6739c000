import type { ProgramDefinedData } from '@punkto/contracts/integration-events';
import type { Collection } from '@punkto/platform/documents/document-store.port';
import type { ProjectionDoc, Tombstone } from '@punkto/platform/projections/projection';
import type { ProgramEvent } from './program';

/**
 * The `programs` read model: one document per program (`_id` = program id) holding its current definition,
 * revision-checked and rebuildable from the `program-*` streams. A deleted program leaves a tombstone (it
 * has no `tenantId`, so per-tenant queries never see it).
 */
export interface ProgramRecord extends ProgramDefinedData {
  createdAt: string;
  updatedAt: string;
}

export type ProgramRecordDoc = ProjectionDoc<ProgramRecord> | Tombstone;

export const PROGRAMS_COLLECTION = 'programs';

export async function ensureProgramIndexes(programs: Collection<ProgramRecordDoc>) {
  await programs.ensureIndex({ fields: { tenantId: 1, createdAt: 1 }, name: 'programs_tenant' });
}

/** Pure: the record after one event. */
export function applyProgramEvent(current: ProgramRecord | null, event: ProgramEvent): ProgramRecord | null {
  switch (event.type) {
    case 'ProgramDefined':
      return {
        ...event.data,
        createdAt: current?.createdAt ?? event.data.definedAt,
        updatedAt: event.data.definedAt,
      };
    case 'ProgramDeleted':
      return null;
    default: {
      const _exhaustive: never = event;
      return current;
    }
  }
}

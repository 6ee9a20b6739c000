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
  /** the short enrolment code (ADR 0014); missing or null before ProgramShortCodeAssigned */
  shortCode?: string | null;
}

export type ProgramRecordDoc = ProjectionDoc<ProgramRecord> | Tombstone;

export const PROGRAMS_COLLECTION = 'programs';

export async function ensureProgramIndexes(programs: Collection<ProgramRecordDoc>) {
  await programs.ensureIndex({ fields: { tenantId: 1, createdAt: 1 }, name: 'programs_tenant' });
  // unique codes are guarded by their reservations (program_short_codes), not here: tombstones lack the field
  await programs.ensureIndex({ fields: { shortCode: 1 }, name: 'programs_short_code' });
}

/** Pure: the record after one event. */
export function applyProgramEvent(current: ProgramRecord | null, event: ProgramEvent): ProgramRecord | null {
  switch (event.type) {
    case 'ProgramDefined':
      return {
        ...event.data,
        createdAt: current?.createdAt ?? event.data.definedAt,
        updatedAt: event.data.definedAt,
        shortCode: current?.shortCode ?? null,
      };
    case 'ProgramDeleted':
      return null;
    case 'ProgramShortCodeAssigned':
      // a code is not a change of the program: updatedAt stays
      return current && { ...current, shortCode: event.data.shortCode };
    default: {
      const _exhaustive: never = event;
      return current;
    }
  }
}

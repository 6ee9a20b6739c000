import type { ProgramDefinedData } from '@punkto/contracts/integration-events';
import type { Collection } from '@punkto/platform/documents/document-store.port';
import type { StoredEvent } from '@punkto/platform/event-store/event-store.port';
import { projectEvent, type ProjectionDoc, type Tombstone } from '@punkto/platform/projections/projection';
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

export async function projectProgramEvents(
  programs: Collection<ProgramRecordDoc>,
  programId: string,
  events: Array<{ event: ProgramEvent; revision: number }>,
) {
  for (const { event, revision } of events) {
    await projectEvent<ProgramRecord>(programs, {
      id: programId,
      streamRevision: revision,
      apply: (current) => applyProgramEvent(current, event),
    });
  }
}

export async function rebuildProgram(
  programs: Collection<ProgramRecordDoc>,
  programId: string,
  stream: StoredEvent[],
) {
  await projectProgramEvents(
    programs,
    programId,
    stream.map((e) => ({ event: { type: e.type, data: e.data } as ProgramEvent, revision: e.revision })),
  );
}

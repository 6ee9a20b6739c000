import { toStreamId } from '@punkto/contracts/events';
import type {
  ProgramDefinedData,
  ProgramDeletedData,
  ProgramShortCodeAssignedData,
} from '@punkto/contracts/integration-events';

/**
 * The Program aggregate (event-sourced, stream `program-<id>`): a loyalty program with its rewards.
 * Events, state and evolve; pure. ProgramDefined carries the WHOLE current definition (event-carried state
 * transfer: the card ledger keeps its own copy of the rules from tenant.programs.v1), with a version that
 * grows by one per definition. ProgramShortCodeAssigned records the code of its short enrolment link
 * (`/k/<code>`, ADR 0014) once: right after the first definition, or later for a program created before codes.
 */

export const toProgramStreamId = (programId: string) => toStreamId('program', programId);

export type ProgramDefined = { type: 'ProgramDefined'; data: ProgramDefinedData };
export type ProgramDeleted = { type: 'ProgramDeleted'; data: ProgramDeletedData };
export type ProgramShortCodeAssigned = {
  type: 'ProgramShortCodeAssigned';
  data: ProgramShortCodeAssignedData;
};
export type ProgramEvent = ProgramDefined | ProgramDeleted | ProgramShortCodeAssigned;

export type Program =
  | { status: 'none' }
  | {
      status: 'active';
      definition: ProgramDefinedData;
      createdAt: string;
      /** null until ProgramShortCodeAssigned (programs created before short links) */
      shortCode: string | null;
    }
  | { status: 'deleted'; programId: string; tenantId: string; version: number; deletedAt: string };

export const initialState = (): Program => ({ status: 'none' });

export function evolve(state: Program, event: ProgramEvent): Program {
  switch (event.type) {
    case 'ProgramDefined':
      return {
        status: 'active',
        definition: event.data,
        createdAt: state.status === 'active' ? state.createdAt : event.data.definedAt,
        shortCode: state.status === 'active' ? state.shortCode : null,
      };
    case 'ProgramShortCodeAssigned':
      return state.status === 'active' ? { ...state, shortCode: event.data.shortCode } : state;
    case 'ProgramDeleted':
      return {
        status: 'deleted',
        programId: event.data.programId,
        tenantId: event.data.tenantId,
        version: state.status === 'active' ? state.definition.version : 0,
        deletedAt: event.data.deletedAt,
      };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

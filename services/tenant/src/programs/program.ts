import { toStreamId } from '@punkto/contracts/events';
import type { ProgramDefinedData, ProgramDeletedData } from '@punkto/contracts/integration-events';

/**
 * The Program aggregate (event-sourced, stream `program-<id>`): a loyalty program with its rewards.
 * Events, state and evolve; pure. ProgramDefined carries the WHOLE current definition (event-carried state
 * transfer: the card ledger keeps its own copy of the rules from tenant.programs.v1), with a version that
 * grows by one per definition.
 */

export const toProgramStreamId = (programId: string) => toStreamId('program', programId);

export type ProgramDefined = { type: 'ProgramDefined'; data: ProgramDefinedData };
export type ProgramDeleted = { type: 'ProgramDeleted'; data: ProgramDeletedData };
export type ProgramEvent = ProgramDefined | ProgramDeleted;

export type Program =
  | { status: 'none' }
  | { status: 'active'; definition: ProgramDefinedData; createdAt: string }
  | { status: 'deleted'; programId: string; tenantId: string; version: number; deletedAt: string };

export const initialState = (): Program => ({ status: 'none' });

export function evolve(state: Program, event: ProgramEvent): Program {
  switch (event.type) {
    case 'ProgramDefined':
      return {
        status: 'active',
        definition: event.data,
        createdAt: state.status === 'active' ? state.createdAt : event.data.definedAt,
      };
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

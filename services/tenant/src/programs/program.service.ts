import type { Program, ProgramInputParsed, ProgramPublicInfo } from '@punkto/contracts/programs';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { projectedCommandHandler } from '@punkto/platform/es/projected-command-handler';
import type { EventStore } from '@punkto/platform/event-store/event-store.port';
import { readProjection } from '@punkto/platform/projections/projection';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { TenantService } from '../tenants/tenant.service';
import { toProgramStreamId, type Program as ProgramState } from './program';
import { programDecider, type ProgramCommand } from './program.decider';
import { ProgramNotFoundError, TooManyProgramsError } from './program.errors';
import {
  applyProgramEvent,
  ensureProgramIndexes,
  PROGRAMS_COLLECTION,
  type ProgramRecord,
  type ProgramRecordDoc,
} from './programs.projection';

export const MAX_PROGRAMS_PER_TENANT = 10;

export interface ProgramServiceDeps {
  eventStore: EventStore;
  documents: DocumentStore;
  tenants: TenantService;
  /** base of the enrolment links, e.g. https://app.punkto.pl */
  publicUrl: string;
  clock: () => Date;
}

/** The public enrolment link of a program (the QR code on the poster points here). */
export const enrolmentUrl = (publicUrl: string, tenantId: string, programId: string) =>
  `${publicUrl}/dodaj-karte-do-portfela?program=${encodeURIComponent(programId)}&firma=${encodeURIComponent(tenantId)}`;

/**
 * The use cases behind /tenants/{id}/loyalty-programs: every change goes through the Program decider and
 * is projected into `programs` right after; the relay publishes program-* on tenant.programs.v1.
 *
 * The 10-programs limit is checked against the read model before DefineProgram. Two creations racing at
 * nine programs could both pass (no cross-aggregate lock); it is a product limit, not an invariant anything
 * depends on, so that window is accepted.
 */
export async function createProgramService(deps: ProgramServiceDeps) {
  const { eventStore, documents, tenants, publicUrl, clock } = deps;
  const programs = documents.collection<ProgramRecordDoc>(PROGRAMS_COLLECTION);
  await ensureProgramIndexes(programs);

  const toProgram = (record: ProgramRecord): Program => ({
    id: record.programId,
    tenantId: record.tenantId,
    kind: record.kind,
    name: record.name,
    description: record.description,
    active: record.active,
    pointsPerPln: record.pointsPerPln,
    stampsRequired: record.stampsRequired,
    levels: record.levels,
    rewards: record.rewards,
    enrolmentUrl: enrolmentUrl(publicUrl, record.tenantId, record.programId),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  });

  /** The API view of the aggregate's state right after a command. */
  const programOf = (state: ProgramState): Program => {
    if (state.status !== 'active') throw new ProgramNotFoundError();
    const { definition, createdAt } = state;
    return toProgram({ ...definition, createdAt, updatedAt: definition.definedAt });
  };

  const aggregate = projectedCommandHandler({
    eventStore,
    decider: programDecider,
    streamId: toProgramStreamId,
    collection: programs,
    apply: applyProgramEvent,
  });

  async function run(programId: string, tenantId: string, actorId: string, command: ProgramCommand) {
    return aggregate.run(programId, command, { tenantId, actorId });
  }

  /** ids for the rewards that come without one */
  const newRewardIds = (input: ProgramInputParsed) =>
    input.rewards.filter((r) => r.id === undefined).map(() => randomUUID());

  /** A live program of this tenant, or null (unknown, deleted, another tenant's). */
  async function findProgram(tenantId: string, programId: string): Promise<ProgramRecord | null> {
    const record = await readProjection<ProgramRecord>(programs, programId);
    return record && record.tenantId === tenantId ? record : null;
  }

  async function listRecords(tenantId: string): Promise<ProgramRecord[]> {
    return programs.find({ tenantId }, { sort: { createdAt: 1 } }) as Promise<ProgramRecord[]>;
  }

  return {
    findProgram,

    async getProgram(tenantId: string, programId: string): Promise<Program> {
      const record = await findProgram(tenantId, programId);
      if (!record) throw new ProgramNotFoundError();
      return toProgram(record);
    },

    async listPrograms(tenantId: string): Promise<Program[]> {
      await tenants.activeTenant(tenantId);
      return (await listRecords(tenantId)).map(toProgram);
    },

    async activePrograms(tenantId: string): Promise<number> {
      return programs.count({ tenantId, active: true });
    },

    async createProgram(tenantId: string, actorId: string, input: ProgramInputParsed) {
      await tenants.writableTenant(tenantId);
      if ((await programs.count({ tenantId })) >= MAX_PROGRAMS_PER_TENANT) throw new TooManyProgramsError();
      const programId = randomUUID();
      const result = await run(programId, tenantId, actorId, {
        type: 'DefineProgram',
        data: { programId, tenantId, input, newRewardIds: newRewardIds(input) },
        metadata: { now: clock() },
      });
      return programOf(result.newState);
    },

    async updateProgram(tenantId: string, programId: string, actorId: string, input: ProgramInputParsed) {
      await tenants.writableTenant(tenantId);
      const result = await run(programId, tenantId, actorId, {
        type: 'RedefineProgram',
        data: { programId, tenantId, input, newRewardIds: newRewardIds(input) },
        metadata: { now: clock() },
      });
      return programOf(result.newState);
    },

    async deleteProgram(tenantId: string, programId: string, actorId: string) {
      await tenants.writableTenant(tenantId);
      await run(programId, tenantId, actorId, {
        type: 'DeleteProgram',
        data: { programId, tenantId },
        metadata: { now: clock() },
      });
    },

    /**
     * Public enrolment info: only an ACTIVE, not deleted program of an existing (not deleted) tenant;
     * anything else is the same 404, so the endpoint reveals nothing about hidden programs.
     */
    async publicInfo(tenantId: string, programId: string): Promise<z.infer<typeof ProgramPublicInfo>> {
      const program = await findProgram(tenantId, programId);
      const tenant = program?.active ? await tenants.findTenant(tenantId) : null;
      if (!program || !tenant || tenant.status !== 'active') throw new ProgramNotFoundError();
      return {
        programId: program.programId,
        tenantId: program.tenantId,
        companyName: tenant.companyName,
        programName: program.name,
        kind: program.kind,
        description: program.description,
        logoUrl: tenant.logo?.renditions['logo@2x'] ?? null,
        backgroundColor: tenant.branding.backgroundColor,
        foregroundColor: tenant.branding.foregroundColor,
      };
    },
  };
}

export type ProgramService = Awaited<ReturnType<typeof createProgramService>>;

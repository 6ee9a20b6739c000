import { EnrolmentLinkErrors, shortLinkPath, type EnrolmentLink } from '@punkto/contracts/enrolment-links';
import type { Program, ProgramInputParsed, ProgramPublicInfo } from '@punkto/contracts/programs';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { NotFoundError } from '@punkto/platform/errors/errors';
import { projectedCommandHandler } from '@punkto/platform/es/projected-command-handler';
import type { EventStore } from '@punkto/platform/event-store/event-store.port';
import { LIVE_DOCUMENTS, readProjection } from '@punkto/platform/projections/projection';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { TenantService } from '../tenants/tenant.service';
import { toProgramStreamId, type Program as ProgramState } from './program';
import { programDecider, type ProgramCommand } from './program.decider';
import { ProgramDeletedError, ProgramNotFoundError, TooManyProgramsError } from './program.errors';
import { customerSeats } from '../clients/customer-seats';
import {
  applyProgramEvent,
  ensureProgramIndexes,
  PROGRAMS_COLLECTION,
  type ProgramRecord,
  type ProgramRecordDoc,
} from './programs.projection';
import { shortCodeReservations } from './short-codes';
import {
  enrolmentLinkLimits,
  type EnrolmentLinkClient,
  type EnrolmentLinkLimits,
} from './enrolment-link-limits';

export const MAX_PROGRAMS_PER_TENANT = 10;

export interface ProgramServiceDeps {
  eventStore: EventStore;
  documents: DocumentStore;
  tenants: TenantService;
  /** base of the enrolment links, e.g. https://app.punkto.pl */
  publicUrl: string;
  clock: () => Date;
  /** unknown short codes one device / one client IP may try per window (ADR 0014 and its amendment) */
  enrolmentLinkMisses: EnrolmentLinkLimits;
}

/**
 * The public enrolment link of a program, printed on the poster (text and QR code): the short link
 * `<PUBLIC_URL>/k/<code>`, which the web app resolves to `/dodaj-karte-do-portfela?program=…&firma=…`; links of
 * that long form, printed before short links, keep working (ADR 0014).
 */
export const enrolmentUrl = (publicUrl: string, shortCode: string) =>
  `${publicUrl}${shortLinkPath(shortCode)}`;

/** 404 ENROLMENT_LINK.NOT_FOUND: no live program has this code (never issued, or its program was deleted). */
export class EnrolmentLinkNotFoundError extends NotFoundError {
  constructor() {
    super(EnrolmentLinkErrors.notFound.message, EnrolmentLinkErrors.notFound.code);
  }
}

/** the programs' read model, short codes, enrolment-link limits and stream handler */
async function programContext(deps: ProgramServiceDeps) {
  const { eventStore, documents, tenants, publicUrl, clock } = deps;
  const programs = documents.collection<ProgramRecordDoc>(PROGRAMS_COLLECTION);
  await ensureProgramIndexes(programs);
  const codes = shortCodeReservations(documents, clock, {
    heldByProgram: async (shortCode) => (await programs.count({ shortCode })) > 0,
  });
  const linkLimits = await enrolmentLinkLimits(documents, deps.enrolmentLinkMisses);
  const aggregate = projectedCommandHandler({
    eventStore,
    decider: programDecider,
    streamId: toProgramStreamId,
    collection: programs,
    apply: applyProgramEvent,
  });
  const run = (programId: string, tenantId: string, actorId: string | null, command: ProgramCommand) =>
    aggregate.run(programId, command, { tenantId, actorId });
  return { tenants, publicUrl, clock, programs, codes, linkLimits, run, seats: customerSeats(documents) };
}
export type ProgramContext = Awaited<ReturnType<typeof programContext>>;

const toProgram = (publicUrl: string, record: ProgramRecord, shortCode: string): Program => ({
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
  // absent in records of programs defined before the birthday reward (ADR 0058)
  birthdayReward: record.birthdayReward ?? null,
  enrolmentUrl: enrolmentUrl(publicUrl, shortCode),
  shortCode,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
});

/** runs a command carrying a freshly reserved code; frees the code unless the program recorded it */
async function withReservedCode(
  ctx: ProgramContext,
  programId: string,
  tenantId: string,
  command: (shortCode: string) => Promise<ProgramState>,
): Promise<ProgramState> {
  const shortCode = await ctx.codes.reserve(programId, tenantId);
  let state: ProgramState | undefined;
  try {
    state = await command(shortCode);
    return state;
  } finally {
    if (state?.status !== 'active' || state.shortCode !== shortCode)
      await ctx.codes.release(shortCode, programId);
  }
}

/**
 * The program's short code. A program created before short links gets one the first time it is shown
 * (ProgramShortCodeAssigned, durable in its stream and read model); concurrent first views end with one
 * code, since the decider assigns only to a program without one.
 */
async function shortCodeOf(
  ctx: ProgramContext,
  program: { programId: string; tenantId: string; shortCode?: string | null },
  actorId: string | null,
): Promise<string> {
  if (program.shortCode) return program.shortCode;
  const { programId, tenantId } = program;
  const state = await withReservedCode(ctx, programId, tenantId, async (shortCode) => {
    const result = await ctx.run(programId, tenantId, actorId, {
      type: 'AssignShortCode',
      data: { programId, tenantId, shortCode },
      metadata: { now: ctx.clock() },
    });
    return result.newState;
  });
  if (state.status !== 'active' || !state.shortCode) throw new ProgramNotFoundError();
  return state.shortCode;
}

const withShortCode = async (ctx: ProgramContext, record: ProgramRecord, actorId: string | null) =>
  toProgram(ctx.publicUrl, record, await shortCodeOf(ctx, record, actorId));

/** The API view of the aggregate's state right after a command. */
async function programOf(ctx: ProgramContext, state: ProgramState, actorId: string): Promise<Program> {
  if (state.status !== 'active') throw new ProgramNotFoundError();
  const { definition, createdAt, shortCode } = state;
  return withShortCode(
    ctx,
    { ...definition, createdAt, updatedAt: definition.definedAt, shortCode },
    actorId,
  );
}

/** ids for the rewards that come without one */
const newRewardIds = (input: ProgramInputParsed) =>
  input.rewards.filter((r) => r.id === undefined).map(() => randomUUID());

/** A live program of this tenant, or null (unknown, deleted, another tenant's). */
export async function findProgram(
  ctx: ProgramContext,
  tenantId: string,
  programId: string,
): Promise<ProgramRecord | null> {
  const record = await readProjection<ProgramRecord>(ctx.programs, programId);
  return record && record.tenantId === tenantId ? record : null;
}

/** `actorId`: who is looking (recorded when the view gives an older program its short code) */
export async function getProgram(
  ctx: ProgramContext,
  tenantId: string,
  programId: string,
  actorId: string | null = null,
): Promise<Program> {
  const record = await findProgram(ctx, tenantId, programId);
  if (!record) throw new ProgramNotFoundError();
  return withShortCode(ctx, record, actorId);
}

export async function listPrograms(
  ctx: ProgramContext,
  tenantId: string,
  actorId: string | null = null,
): Promise<Program[]> {
  await ctx.tenants.activeTenant(tenantId);
  const records = (await ctx.programs.find({ tenantId }, { sort: { createdAt: 1 } })) as ProgramRecord[];
  const shown = await Promise.all(
    records.map((record) =>
      withShortCode(ctx, record, actorId).catch((error: unknown) => {
        // deleted since the list was read: not shown, as a moment later
        if (error instanceof ProgramNotFoundError || error instanceof ProgramDeletedError) return null;
        throw error;
      }),
    ),
  );
  return shown.filter((program) => program !== null);
}

export async function createProgram(
  ctx: ProgramContext,
  tenantId: string,
  actorId: string,
  input: ProgramInputParsed,
): Promise<Program> {
  await ctx.tenants.writableTenant(tenantId);
  if ((await ctx.programs.count({ tenantId })) >= MAX_PROGRAMS_PER_TENANT) throw new TooManyProgramsError();
  const programId = randomUUID();
  const state = await withReservedCode(ctx, programId, tenantId, async (shortCode) => {
    const result = await ctx.run(programId, tenantId, actorId, {
      type: 'DefineProgram',
      data: { programId, tenantId, input, newRewardIds: newRewardIds(input), shortCode },
      metadata: { now: ctx.clock() },
    });
    return result.newState;
  });
  return programOf(ctx, state, actorId);
}

export async function updateProgram(
  ctx: ProgramContext,
  tenantId: string,
  programId: string,
  actorId: string,
  input: ProgramInputParsed,
): Promise<Program> {
  await ctx.tenants.writableTenant(tenantId);
  const result = await ctx.run(programId, tenantId, actorId, {
    type: 'RedefineProgram',
    data: { programId, tenantId, input, newRewardIds: newRewardIds(input) },
    metadata: { now: ctx.clock() },
  });
  return programOf(ctx, result.newState, actorId);
}

export async function deleteProgram(
  ctx: ProgramContext,
  tenantId: string,
  programId: string,
  actorId: string,
): Promise<void> {
  await ctx.tenants.writableTenant(tenantId);
  await ctx.run(programId, tenantId, actorId, {
    type: 'DeleteProgram',
    data: { programId, tenantId },
    metadata: { now: ctx.clock() },
  });
  // its cards are closed (the card ledger frees their seats): its clients hold no seat on the plan either
  await ctx.seats.releaseProgram(tenantId, programId);
}

/**
 * Public: where the short link `/k/<code>` leads (the code already normalised by the contract). Only a live
 * program has its code in the read model (a deleted one is a tombstone), and only what `publicInfo` would
 * show is resolved. Unknown codes are counted per device and per client IP (enrolment-link-limits.ts): a
 * device out of misses gets 429 for every code; an IP out of its larger budget only for codes nobody
 * resolved from it lately, so one person on a café's Wi-Fi cannot stop the others enrolling.
 */
export async function resolveShortCode(
  ctx: ProgramContext,
  shortCode: string,
  client: EnrolmentLinkClient,
): Promise<EnrolmentLink> {
  const now = ctx.clock();
  await ctx.linkLimits.admit(now, client, shortCode);
  const record = (await ctx.programs.findOne({
    $and: [{ shortCode }, LIVE_DOCUMENTS],
  })) as ProgramRecord | null;
  const tenant = record?.active ? await ctx.tenants.findTenant(record.tenantId) : null;
  if (!record || !tenant || tenant.status !== 'active') {
    await ctx.linkLimits.missed(now, client);
    throw new EnrolmentLinkNotFoundError();
  }
  await ctx.linkLimits.resolved(now, client, shortCode);
  return { tenantId: record.tenantId, programId: record.programId };
}

/**
 * Public enrolment info: only an ACTIVE, not deleted program of an existing (not deleted) tenant;
 * anything else is the same 404, so the endpoint reveals nothing about hidden programs.
 */
export async function publicInfo(
  ctx: ProgramContext,
  tenantId: string,
  programId: string,
): Promise<z.infer<typeof ProgramPublicInfo>> {
  const program = await findProgram(ctx, tenantId, programId);
  const tenant = program?.active ? await ctx.tenants.findTenant(tenantId) : null;
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
}

/**
 * The use cases behind /tenants/{id}/loyalty-programs: every change goes through the Program decider and
 * is projected into `programs` right after; the relay publishes program-* on tenant.programs.v1.
 *
 * The 10-programs limit is checked against the read model before DefineProgram. Two creations racing at
 * nine programs could both pass (no cross-aggregate lock); it is a product limit, not an invariant anything
 * depends on, so that window is accepted.
 */
export async function createProgramService(deps: ProgramServiceDeps) {
  const ctx = await programContext(deps);
  return {
    findProgram: (tenantId: string, programId: string) => findProgram(ctx, tenantId, programId),
    getProgram: (tenantId: string, programId: string, actorId: string | null = null) =>
      getProgram(ctx, tenantId, programId, actorId),
    listPrograms: (tenantId: string, actorId: string | null = null) => listPrograms(ctx, tenantId, actorId),
    activePrograms: (tenantId: string): Promise<number> => ctx.programs.count({ tenantId, active: true }),
    createProgram: (tenantId: string, actorId: string, input: ProgramInputParsed) =>
      createProgram(ctx, tenantId, actorId, input),
    updateProgram: (tenantId: string, programId: string, actorId: string, input: ProgramInputParsed) =>
      updateProgram(ctx, tenantId, programId, actorId, input),
    deleteProgram: (tenantId: string, programId: string, actorId: string) =>
      deleteProgram(ctx, tenantId, programId, actorId),
    resolveShortCode: (shortCode: string, client: EnrolmentLinkClient) =>
      resolveShortCode(ctx, shortCode, client),
    publicInfo: (tenantId: string, programId: string) => publicInfo(ctx, tenantId, programId),
  };
}

export type ProgramService = Awaited<ReturnType<typeof createProgramService>>;

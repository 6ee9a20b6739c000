import type { ProgramDefinedData, ServiceDefinedData } from '@punkto/contracts/integration-events';
import type { Role } from '@punkto/contracts/permissions';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { commandHandler, type Decided, type HandleResult } from '@punkto/platform/es/command-handler';
import { unitOfWork, type DocumentWrite, type UnitOfWork } from '@punkto/platform/es/unit-of-work';
import { retryLostRace } from '@punkto/platform/errors/lost-race';
import type { EventMetadata, EventStore } from '@punkto/platform/event-store/event-store.port';
import type { Logger } from '@punkto/platform/observability/logger';
import type { CheckpointStore } from '@punkto/platform/relay/checkpoint-store.port';
import { createHash } from 'node:crypto';
import type { CardLedgerConfig } from '../config';
import { rulesOf, type ProgramRules } from '../programs/program-rules';
import { tenantCopies } from '../tenants/tenant-copies';
import { versionedCopies } from '@punkto/platform/documents/versioned-copies';
import { toCardStreamId, type Card } from './card';
import { randomCardNumber } from './card-codes';
import { cardDecider, type CardCommand } from './card.decider';
import type { CardEvent } from './card';
import { CardChanges, cardsProjection, type CardsProjection } from './cards.projection';
import { AtomicAppends, startCardProjector } from './card-projector';
import { customerSeats } from './customer-seats';
import { idempotencyKeys } from './idempotency';
import { keptSecret } from '@punkto/platform/documents/kept-secret';
import { rewardStock } from './reward-stock';
import { birthdayStore } from '../birthdays/birthday-store';
import { expiryStore } from '../expiry/expiry-store';

export interface CardServiceDeps {
  eventStore: EventStore;
  documents: DocumentStore;
  checkpoints: CheckpointStore;
  config: CardLedgerConfig;
  logger: Logger;
  clock: () => Date;
}

/** Who runs a command from HTTP. */
export interface Actor {
  userId: string;
  role: Role;
  /** the caller's company (staff); null for a customer */
  tenantId: string | null;
  requestId: string;
}

/**
 * One card per client, with a deterministic id (a UUIDv8 from a hash of the client id): issuing is
 * idempotent by construction, and ClientRemoved finds the card without a lookup.
 */
export function cardIdFor(clientId: string): string {
  const hex = createHash('sha256').update(`punkto-card:${clientId}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** What one attempt of a card command decides on: the command, its events' metadata, what the use case keeps. */
export interface CardAttempt<C> {
  command: CardCommand;
  metadata?: EventMetadata;
  /** handed back with the result (and to `alsoWrite`) from the attempt that decided: e.g. the rules it used */
  context?: C;
}

/** a card command built from the card it is decided against (one read of the stream per attempt) */
export type CardCommandBuilder<C = undefined> = (card: Card, now: Date) => Promise<CardAttempt<C> | null>;

/** the documents a decision adds to its unit of work, and what the use case learns from them once written */
export type AlsoWrite<C, W> = (
  decided: Decided<Card, CardEvent> & { context: C | undefined },
) => Promise<{ writes: DocumentWrite[]; outcome: W }>;

/** A card command's result: what it decided, and what its deciding attempt kept and wrote. */
export interface CardResult<C, W> extends HandleResult<Card, CardEvent> {
  context: C | undefined;
  /** the `alsoWrite` outcome of the attempt that appended (undefined when nothing was appended) */
  written: W | undefined;
}

/**
 * What the card ledger's use cases share: the Card aggregate (read the stream → build and decide → append with
 * the expected revision, a lost race decides again → project), the read model and its projector, the copies of
 * the tenant's data, and the cross-card stores (plan-limit seats, reward stock, card numbers, idempotency keys).
 * The use cases (card-award.ts, card-redeem.ts, card-corrections.ts, card-regenerate.ts, card-issuing.ts,
 * card-queries.ts, customer-queries.ts) are functions over it.
 */
export async function createCardLedger(deps: CardServiceDeps) {
  const { documents, config, clock } = deps;
  const stores = cardStores(deps);
  for (const store of [
    stores.projection,
    stores.copies,
    stores.stock,
    stores.keys,
    stores.birthdays,
    stores.expiry,
  ])
    await store.ensureIndexes();
  // the append, the read model and (for awards) the idempotency record with its answer: one atomic write,
  // group-committed with the other commands of the turn, when the stores share a SQLite file (ADR 0029)
  const unit = unitOfWork(deps.eventStore, documents);
  deps.logger.info(
    { atomic: unit.atomic },
    'card commands write their events and documents in one unit of work',
  );
  const atomicAppends = unit.atomic ? new AtomicAppends() : undefined;
  const projector = startCardProjector({
    eventStore: deps.eventStore,
    checkpoints: deps.checkpoints,
    projection: stores.projection,
    changes: stores.changes,
    atomicAppends,
    onError: (error) =>
      deps.logger.error({ err: error }, 'card projector failed; restarting from its checkpoint'),
  });
  const numbers = documents.collection<{ _id: string; cardId: string; reservedAt: string }>('card_numbers');
  return {
    ...stores,
    config,
    logger: deps.logger,
    clock,
    secret: await keptSecret(documents, 'card-qr', config.CARD_QR_SECRET),
    execute: cardExecutor(deps, stores.projection, unit, atomicAppends),
    rulesFor: async (programId: string): Promise<ProgramRules | null> =>
      rulesOf(await stores.programs.get(programId)),
    /** a fresh number, reserved for good (`card_numbers._id` is unique; a number is never reused) */
    reserveNumber: (cardId: string): Promise<string> =>
      retryLostRace(
        async () => {
          const number = randomCardNumber();
          await numbers.insert({ _id: number, cardId, reservedAt: clock().toISOString() });
          return number;
        },
        { maxAttempts: 20, maxPauseMs: 0 },
      ),
    /** expired idempotency keys, stock reservations left pending by a crash */
    async maintenance() {
      const now = clock();
      const keysSwept = await stores.keys.sweep(now);
      const reservationsSettled = await stores.stock.sweep(deps.eventStore, now);
      return { keysSwept, reservationsSettled };
    },
    close: () => projector.stop(),
  };
}

export type CardLedger = Awaited<ReturnType<typeof createCardLedger>>;

function cardStores(deps: CardServiceDeps) {
  const { documents, config, clock } = deps;
  return {
    projection: cardsProjection(documents, deps.eventStore),
    programs: versionedCopies<ProgramDefinedData>(documents, 'programs'),
    catalogue: versionedCopies<ServiceDefinedData>(documents, 'catalogue_services'),
    copies: tenantCopies(documents),
    stock: rewardStock(documents),
    keys: idempotencyKeys(documents, { clock, ttlMs: config.IDEMPOTENCY_TTL_HOURS * 3_600_000 }),
    changes: new CardChanges(),
    seats: customerSeats(documents, config.DEFAULT_PLAN_CUSTOMER_LIMIT),
    birthdays: birthdayStore(documents),
    expiry: expiryStore(documents, clock),
  };
}

/**
 * One command on one card: its stream read once, the command built from that state at the current time
 * (the builder checks the caller against the card and fetches what the command carries), decided, appended
 * with the expected revision, then projected. A lost race reads, builds and decides again; that and the
 * commandIds the card remembers (with the idempotency keys) are the whole of the award path's guarding.
 * The read model is written with the append when the unit of work is atomic; after the unit, the events are
 * projected again only when it did not write the card document for every one of them (a gap a crash left,
 * replayed from the stream; or a unit of work that is not atomic). `alsoWrite` adds the caller's documents
 * (the stored answer, the employee's award counter). The result carries the deciding attempt's context and
 * write outcome.
 */
function cardExecutor(
  deps: CardServiceDeps,
  projection: CardsProjection,
  unit: UnitOfWork,
  atomicAppends: AtomicAppends | undefined,
) {
  const { eventStore, config, clock } = deps;
  const handle = commandHandler(eventStore, cardDecider, {
    maxRetries: config.COMMAND_MAX_RETRIES,
    unitOfWork: unit,
    // an award folds only the card's events since its last command here, not its whole history
    stateCache: 10_000,
  });
  return async function execute<C = undefined, W = undefined>(
    cardId: string,
    build: CardCommandBuilder<C>,
    metadata: EventMetadata,
    alsoWrite?: AlsoWrite<C, W>,
  ): Promise<CardResult<C, W>> {
    // of the latest attempt: a lost race builds (and writes) again, so the last one is the one that counted
    let context: C | undefined;
    let written: W | undefined;
    // whether the deciding attempt's unit wrote the card document for each of its events
    const readModel = { cardWritten: () => false };
    const result = await handle(
      toCardStreamId(cardId),
      async (card) => {
        written = undefined;
        readModel.cardWritten = () => false;
        const attempt = await build(card, clock());
        context = attempt?.context;
        return attempt;
      },
      metadata,
      async (decided) => {
        const also = alsoWrite ? await alsoWrite({ ...decided, context }) : null;
        written = also?.outcome;
        const inline = unit.atomic ? projection.writesFor(cardId, decided) : null;
        if (inline) readModel.cardWritten = inline.cardWritten;
        return [...(inline?.writes ?? []), ...(also?.writes ?? [])];
      },
    );
    const { newEvents, newState, nextExpectedRevision: last } = result;
    const cardWritten = readModel.cardWritten();
    // the projector is left nothing to write for these events (see AtomicAppends)
    if (atomicAppends && cardWritten && newEvents.length && last !== undefined)
      atomicAppends.note(cardId, last - newEvents.length + 1, last, holderOf(newState));
    await projection.projectAppended(cardId, newEvents, last, cardWritten);
    return { ...result, context, written };
  };
}

/** whom a change of the card is announced to (live updates): its holder, none before it is issued or refused */
const holderOf = (card: Card): string | null => (card.status === 'none' ? null : card.userId);

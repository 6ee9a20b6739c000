import type { ProgramDefinedData, ServiceDefinedData } from '@punkto/contracts/integration-events';
import type { Role } from '@punkto/contracts/permissions';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { commandHandler, type CommandBuilder, type Decided } from '@punkto/platform/es/command-handler';
import { unitOfWork, type DocumentWrite } from '@punkto/platform/es/unit-of-work';
import { DuplicateKeyError } from '@punkto/platform/errors/errors';
import type { EventMetadata, EventStore } from '@punkto/platform/event-store/event-store.port';
import type { Logger } from '@punkto/platform/observability/logger';
import type { CheckpointStore } from '@punkto/platform/relay/checkpoint-store.port';
import { createHash } from 'node:crypto';
import type { CardLedgerConfig } from '../config';
import { rulesOf, type ProgramRules } from '../programs/program-rules';
import { tenantCopies } from '../tenants/tenant-copies';
import { versionedCopies } from '@punkto/platform/documents/versioned-copies';
import { awardMonitor } from './award-monitor';
import { toCardStreamId, type Card } from './card';
import { randomCardNumber } from './card-codes';
import { cardDecider, type CardCommand } from './card.decider';
import type { CardEvent } from './card';
import { CardChanges, cardsProjection, startCardProjector } from './cards.projection';
import { customerSeats } from './customer-seats';
import { idempotencyKeys } from './idempotency';
import { keptSecret } from '@punkto/platform/documents/kept-secret';
import { rewardStock } from './reward-stock';

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

/** a card command built from the card it is decided against (one read of the stream per attempt) */
export type CardCommandBuilder = (card: Card, now: Date) => ReturnType<CommandBuilder<Card, CardCommand>>;

/**
 * One card per client, with a deterministic id (a UUIDv8 from a hash of the client id): issuing is
 * idempotent by construction, and ClientRemoved finds the card without a lookup.
 */
export function cardIdFor(clientId: string): string {
  const hex = createHash('sha256').update(`punkto-card:${clientId}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * What the card ledger's commands and queries share: the Card aggregate (read the stream → build and decide →
 * append with the expected revision, a lost race decides again → project), the read model and its projector, the
 * copies of the tenant's data, and the cross-card stores (plan-limit seats, reward stock, card numbers,
 * award monitor, idempotency keys). card-commands.ts and card-queries.ts are the use cases over it.
 */
export async function createCardLedger(deps: CardServiceDeps) {
  const { eventStore, documents, config, logger, clock } = deps;
  // the append, the read model and (for awards) the idempotency record with its answer: one atomic write,
  // group-committed with the other commands of the turn, when the stores share a SQLite file (ADR 0029)
  const unit = unitOfWork(eventStore, documents);
  logger.info({ atomic: unit.atomic }, 'card commands write their events and documents in one unit of work');
  const handle = commandHandler(eventStore, cardDecider, {
    maxRetries: config.COMMAND_MAX_RETRIES,
    unitOfWork: unit,
    // an award folds only the card's events since its last command here, not its whole history
    stateCache: 10_000,
  });
  const projection = cardsProjection(documents, eventStore);
  const programs = versionedCopies<ProgramDefinedData>(documents, 'programs');
  const catalogue = versionedCopies<ServiceDefinedData>(documents, 'catalogue_services');
  const copies = tenantCopies(documents);
  const stock = rewardStock(documents);
  const keys = idempotencyKeys(documents, { clock, ttlMs: config.IDEMPOTENCY_TTL_HOURS * 3_600_000 });
  const numbers = documents.collection<{ _id: string; cardId: string; reservedAt: string }>('card_numbers');
  const changes = new CardChanges();
  await projection.ensureIndexes();
  await copies.ensureIndexes();
  await stock.ensureIndexes();
  await keys.ensureIndexes();
  const projector = startCardProjector({
    eventStore,
    checkpoints: deps.checkpoints,
    projection,
    changes,
    onError: (error) => logger.error({ err: error }, 'card projector failed; restarting from its checkpoint'),
  });

  /**
   * One command on one card: its stream read once, the command built from that state at the current time
   * (the builder checks the caller against the card and fetches what the command carries), decided, appended
   * with the expected revision, then projected. A lost race reads, builds and decides again; that and the
   * commandIds the card remembers (with the idempotency keys) are the whole of the award path's guarding.
   * The read model is written with the append when the unit of work is atomic (and checked after it either
   * way: a gap left by a crash is replayed); `alsoWrite` adds the caller's documents (the stored answer).
   */
  async function execute(
    cardId: string,
    build: CardCommandBuilder,
    metadata: EventMetadata,
    alsoWrite?: (decided: Decided<Card, CardEvent>) => Promise<DocumentWrite[]>,
  ) {
    const result = await handle(
      toCardStreamId(cardId),
      (card) => build(card, clock()),
      metadata,
      async (decided) => [
        ...(unit.atomic ? projection.writesFor(cardId, decided) : []),
        ...(alsoWrite ? await alsoWrite(decided) : []),
      ],
    );
    await projection.projectAppended(cardId, result.newEvents, result.nextExpectedRevision);
    return result;
  }

  return {
    config,
    logger,
    clock,
    projection,
    programs,
    catalogue,
    copies,
    stock,
    keys,
    changes,
    seats: customerSeats(documents, config.DEFAULT_PLAN_CUSTOMER_LIMIT),
    monitor: awardMonitor(documents, projection, {
      windowMinutes: config.ANOMALY_WINDOW_MINUTES,
      maxAwards: config.ANOMALY_MAX_AWARDS,
      maxPoints: config.ANOMALY_MAX_POINTS,
    }),
    secret: await keptSecret(documents, 'card-qr', config.CARD_QR_SECRET),
    execute,

    async rulesFor(programId: string): Promise<ProgramRules | null> {
      return rulesOf(await programs.get(programId));
    },

    /** a fresh number, reserved for good (`card_numbers._id` is unique; a number is never reused) */
    async reserveNumber(cardId: string): Promise<string> {
      for (let attempt = 0; attempt < 20; attempt++) {
        const number = randomCardNumber();
        try {
          await numbers.insert({ _id: number, cardId, reservedAt: clock().toISOString() });
          return number;
        } catch (error) {
          if (!(error instanceof DuplicateKeyError)) throw error;
        }
      }
      throw new Error('no free card number after 20 attempts');
    },

    /** expired idempotency keys, stock reservations left pending by a crash */
    async maintenance() {
      const now = clock();
      const keysSwept = await keys.sweep(now);
      const reservationsSettled = await stock.sweep(eventStore, now);
      return { keysSwept, reservationsSettled };
    },

    async close() {
      await projector.stop();
    },
  };
}

export type CardLedger = Awaited<ReturnType<typeof createCardLedger>>;

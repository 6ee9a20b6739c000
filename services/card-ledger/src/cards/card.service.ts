import {
  CardErrors,
  formatCardNumber,
  isValidCardNumber,
  normalizeCardNumber,
  type ActivityType,
  type CardCommandResponse,
  type CardView,
} from '@punkto/contracts/cards';
import type { MyCard, MyHistoryPage, MyOverview } from '@punkto/contracts/customers';
import type { ProgramDefinedData, ServiceDefinedData } from '@punkto/contracts/integration-events';
import { toPage } from '@punkto/contracts/pagination';
import { Roles, type Role } from '@punkto/contracts/permissions';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { commandHandler } from '@punkto/platform/es/command-handler';
import { fold } from '@punkto/platform/es/decider';
import { DuplicateKeyError } from '@punkto/platform/errors/errors';
import type { EventMetadata, EventStore } from '@punkto/platform/event-store/event-store.port';
import type { Logger } from '@punkto/platform/observability/logger';
import type { CheckpointStore } from '@punkto/platform/relay/checkpoint-store.port';
import { createHash } from 'node:crypto';
import type { CardLedgerConfig } from '../config';
import { rulesOf, tierFor, type ProgramRules } from '../programs/program-rules';
import { KeyedMutex } from '../shared/keyed-mutex';
import { tenantCopies } from '../tenants/tenant-copies';
import { versionedCopies } from '../tenants/versioned-copies';
import { awardMonitor } from './award-monitor';
import { toCardStreamId, type Card, type CardEvent, type IssuedCard } from './card';
import { randomCardNumber, signQr, verifyQr } from './card-codes';
import {
  activityView,
  customerCardView,
  staffCardView,
  stockPeriodsOf,
  type ViewContext,
} from './card-views';
import {
  cardDecider,
  decide,
  type AddStamps,
  type CardCommand,
  type EarnPoints,
  type RedeemReward,
} from './card.decider';
import { CardNotFoundError, CardRuleError } from './card.errors';
import {
  activityOf,
  activityIdOf,
  CardChanges,
  cardsProjection,
  startCardProjector,
  type ActivityDoc,
} from './cards.projection';
import { customerSeats } from './customer-seats';
import { idempotencyKeys } from './idempotency';
import { qrSecret } from './qr-secret';
import { stockPeriodOf } from './reward-rules';
import { rewardStock, STOCK_RESERVATION_METADATA } from './reward-stock';

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

/**
 * The card ledger's application layer: every card change goes through the decider (the generic command
 * handler: read stream → fold → decide → append with the expected revision, retried on a lost race),
 * serialised per card inside this process, and is projected right after. Cross-card rules sit beside it:
 * plan-limit seats, reward stock, card-number reservations, the award monitor, idempotency keys.
 */
export async function createCardService(deps: CardServiceDeps) {
  const { eventStore, documents, config, logger, clock } = deps;
  const handle = commandHandler(eventStore, cardDecider, { maxRetries: config.COMMAND_MAX_RETRIES });
  const projection = cardsProjection(documents, eventStore);
  const programs = versionedCopies<ProgramDefinedData>(documents, 'programs');
  const catalogue = versionedCopies<ServiceDefinedData>(documents, 'catalogue_services');
  const copies = tenantCopies(documents);
  const seats = customerSeats(documents, config.DEFAULT_PLAN_CUSTOMER_LIMIT);
  const stock = rewardStock(documents);
  const monitor = awardMonitor(documents, projection, {
    windowMinutes: config.ANOMALY_WINDOW_MINUTES,
    maxAwards: config.ANOMALY_MAX_AWARDS,
    maxPoints: config.ANOMALY_MAX_POINTS,
  });
  const keys = idempotencyKeys(documents, { clock, ttlMs: config.IDEMPOTENCY_TTL_HOURS * 3_600_000 });
  const numbers = documents.collection<{ _id: string; cardId: string; reservedAt: string }>('card_numbers');
  const secret = await qrSecret(documents, config.CARD_QR_SECRET);
  const changes = new CardChanges();
  const mutex = new KeyedMutex();
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

  const rulesFor = async (programId: string): Promise<ProgramRules | null> =>
    rulesOf(await programs.get(programId));

  const metadataOf = (actor: Actor, card: IssuedCard): EventMetadata => ({
    tenantId: card.tenantId,
    actorId: actor.userId,
    correlationId: actor.requestId,
  });

  async function loadState(cardId: string): Promise<Card> {
    const stream = await eventStore.readStream(toCardStreamId(cardId));
    return fold(
      cardDecider,
      stream.map((e) => ({ type: e.type, data: e.data }) as CardEvent),
    );
  }

  /** decide → append → project; call inside the card's lock */
  async function run(cardId: string, command: CardCommand, metadata: EventMetadata) {
    const result = await handle(toCardStreamId(cardId), command, metadata);
    await projection.projectAppended(cardId, result.newEvents, result.nextExpectedRevision);
    return result;
  }

  const execute = (cardId: string, build: (now: Date) => CardCommand, metadata: EventMetadata) =>
    mutex.run(cardId, () => run(cardId, build(clock()), metadata));

  /** a fresh number, reserved for good (`card_numbers._id` is unique; a number is never reused) */
  async function reserveNumber(cardId: string): Promise<string> {
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
  }

  async function viewContext(card: IssuedCard, rules?: ProgramRules | null): Promise<ViewContext> {
    const now = clock();
    const resolved = rules === undefined ? await rulesFor(card.programId) : rules;
    const stockUsed = new Map<string, number>();
    for (const { rewardId, period } of stockPeriodsOf(resolved, now))
      stockUsed.set(rewardId, await stock.used(card.programId, rewardId, period));
    return { rules: resolved, now, stockUsed };
  }

  async function staffView(card: IssuedCard, rules?: ProgramRules | null): Promise<CardView> {
    const client = await copies.client(card.clientId);
    return staffCardView(card, await viewContext(card, rules), client?.name ?? null);
  }

  async function customerView(card: IssuedCard): Promise<MyCard> {
    return customerCardView(card, await viewContext(card), {
      companyName: await copies.companyName(card.tenantId),
      qrPayload: card.status === 'active' ? signQr(secret, card.cardId, card.secretVersion) : null,
    });
  }

  /** names shown in history entries, looked up once per request */
  function nameResolver() {
    const companies = new Map<string, Promise<string | null>>();
    const programNames = new Map<string, Promise<string | null>>();
    return async (entry: ActivityDoc) => {
      if (!companies.has(entry.tenantId)) companies.set(entry.tenantId, copies.companyName(entry.tenantId));
      if (!programNames.has(entry.programId))
        programNames.set(
          entry.programId,
          programs.get(entry.programId).then((copy) => copy.data?.name ?? null),
        );
      return activityView(entry, {
        companyName: await companies.get(entry.tenantId)!,
        programName: await programNames.get(entry.programId)!,
      });
    };
  }

  /** The answer of an award / redemption: the card after it and the history entry it made. */
  async function commandResponse(
    result: { newState: Card; newEvents: CardEvent[]; nextExpectedRevision: number | undefined },
    rules: ProgramRules | null,
  ): Promise<CardCommandResponse> {
    const card = result.newState as IssuedCard;
    const [main] = result.newEvents;
    const entry = main && activityOf(card, main);
    const revision = (result.nextExpectedRevision ?? 0) - result.newEvents.length + 1;
    return {
      card: await staffView(card, rules),
      activity: entry
        ? activityView(
            { _id: activityIdOf(card.cardId, revision), ...entry },
            { companyName: await copies.companyName(card.tenantId), programName: rules?.name ?? null },
          )
        : null,
    };
  }

  /** the anomaly signal after an award; never blocks nor fails the award */
  async function watchAward(card: IssuedCard, actor: Actor, events: CardEvent[]) {
    if (!events.some((e) => e.type === 'PointsEarned' || e.type === 'StampsAdded')) return;
    try {
      const anomaly = await monitor.check({ tenantId: card.tenantId, employeeId: actor.userId, at: clock() });
      if (!anomaly) return;
      logger.warn({ ...anomaly, cardId: card.cardId }, 'unusual award volume by one employee');
      await execute(
        card.cardId,
        (now) => ({ type: 'RecordAwardAnomaly', data: anomaly, metadata: { now } }),
        metadataOf(actor, card),
      );
    } catch (error) {
      logger.error({ err: error, cardId: card.cardId }, 'award monitor failed');
    }
  }

  /** points or stamps: the command on the card, then the anomaly signal, then the answer */
  async function award(
    card: IssuedCard,
    actor: Actor,
    rules: ProgramRules | null,
    build: (now: Date) => EarnPoints | AddStamps,
  ): Promise<CardCommandResponse> {
    const result = await execute(card.cardId, build, metadataOf(actor, card));
    await watchAward(card, actor, result.newEvents);
    return commandResponse(result, rules);
  }

  async function closeCard(
    cardId: string,
    tenantId: string,
    reason: 'program_deleted' | 'client_removed' | 'tenant_deleted',
    metadata: EventMetadata,
  ) {
    await execute(cardId, (now) => ({ type: 'CloseCard', data: { reason }, metadata: { now } }), {
      ...metadata,
      tenantId,
    });
    await seats.release(tenantId, cardId); // also after a crash in between: the redelivery gets here
  }

  async function myCards(userId: string): Promise<MyCard[]> {
    return Promise.all((await projection.ofUser(userId)).map(customerView));
  }

  async function history(
    userId: string,
    query: { pageNumber: number; pageSize: number; activityType?: ActivityType | undefined },
  ): Promise<MyHistoryPage> {
    const filter = { userId, ...(query.activityType && { type: query.activityType }) };
    const [entries, total] = await Promise.all([
      projection.activity.find(filter, {
        sort: { occurredAt: -1, _id: -1 },
        skip: (query.pageNumber - 1) * query.pageSize,
        limit: query.pageSize,
      }),
      projection.activity.count(filter),
    ]);
    const view = nameResolver();
    return toPage(await Promise.all(entries.map(view)), total, query);
  }

  return {
    changes,
    keys,
    programs,
    catalogue,
    copies,

    // ─── issuing and closing (bus consumers) ─────────────────────────────────────────────────────

    /**
     * Issues the client's card once it has a customer account (idempotent: one card per client). Refused —
     * recorded as CardIssueRefused and logged — when the tenant's plan allows no more active customers; the
     * client stays enrolled. Nothing happens for a deleted tenant, a deleted program or a removed client.
     */
    async issueCard(
      input: { clientId: string; tenantId: string; programId: string; userId: string },
      metadata: EventMetadata,
    ): Promise<void> {
      const cardId = cardIdFor(input.clientId);
      const program = await programs.get(input.programId);
      if (program.deleted || (await copies.isTenantDeleted(input.tenantId))) {
        logger.info({ ...input, cardId }, 'card not issued: the program or the company is gone');
        return;
      }
      const existing = await projection.get(cardId);
      if (existing && existing.status !== 'refused') return;
      await mutex.run(cardId, async () => {
        const seat = await seats.take(input.tenantId, cardId);
        const humanReadableId = seat.granted ? await reserveNumber(cardId) : '';
        const rules = rulesOf(program);
        const tier = rules?.kind === 'tiers' ? (tierFor(rules.levels, 0)?.name ?? null) : null;
        const now = clock();
        const result = await run(
          cardId,
          { type: 'IssueCard', data: { cardId, ...input, humanReadableId, tier, seat }, metadata: { now } },
          { ...metadata, tenantId: input.tenantId },
        );
        if (result.newEvents.some((e) => e.type === 'CardIssueRefused'))
          logger.warn(
            { ...input, cardId, limit: seat.limit, activeCustomers: seat.activeCustomers },
            "card not issued: the tenant's plan limit on active customers is reached",
          );
      });
    },

    closeCard,

    async closeCardsOf(
      filter: { programId: string } | { tenantId: string },
      tenantId: string,
      reason: 'program_deleted' | 'tenant_deleted',
      metadata: EventMetadata,
    ) {
      for (const card of await projection.active(filter))
        await closeCard(card.cardId, tenantId, reason, metadata);
    },

    // ─── staff ───────────────────────────────────────────────────────────────────────────────────

    /** GET /cards: by id, by number (check digit first) or by signed QR payload of the CURRENT version */
    async lookup(query: { cardId?: string; humanReadableId?: string; qr?: string }): Promise<IssuedCard> {
      let card: IssuedCard | null;
      if (query.cardId !== undefined) card = await projection.issued(query.cardId);
      else if (query.humanReadableId !== undefined) {
        if (!isValidCardNumber(query.humanReadableId)) throw new CardRuleError(CardErrors.numberInvalid);
        card = await projection.byNumber(normalizeCardNumber(query.humanReadableId));
      } else {
        const signed = verifyQr(secret, query.qr ?? '');
        card = signed && (await projection.issued(signed.cardId));
        if (!card || card.secretVersion !== signed!.secretVersion)
          throw new CardRuleError(CardErrors.qrInvalid);
      }
      if (!card) throw new CardNotFoundError();
      return card;
    },

    async card(cardId: string): Promise<IssuedCard> {
      const card = await projection.issued(cardId);
      if (!card) throw new CardNotFoundError();
      return card;
    },

    staffView,

    /** the cards of the tenant's clients with this e-mail or phone */
    async search(tenantId: string, by: { email: string } | { phone: string }): Promise<CardView[]> {
      const views: CardView[] = [];
      for (const client of await copies.findContacts(tenantId, by)) {
        const card = await projection.issued(cardIdFor(client._id));
        if (card) views.push(await staffView(card));
      }
      return views;
    },

    async earnPoints(
      card: IssuedCard,
      input: { amountGrosze: number; serviceId?: string | undefined },
      actor: Actor,
      commandId: string,
    ): Promise<CardCommandResponse> {
      const rules = await rulesFor(card.programId);
      const service = input.serviceId ? (await catalogue.get(input.serviceId)).data : null;
      const fixedPoints =
        service && service.tenantId === card.tenantId && service.active ? service.fixedPoints : null;
      return award(card, actor, rules, (now) => ({
        type: 'EarnPoints',
        data: {
          commandId,
          amountGrosze: input.amountGrosze,
          serviceId: input.serviceId ?? null,
          fixedPoints,
          employeeId: actor.userId,
          rules,
          cooldownMs: config.SCAN_COOLDOWN_MS,
        },
        metadata: { now },
      }));
    },

    async addStamps(
      card: IssuedCard,
      count: number,
      actor: Actor,
      commandId: string,
    ): Promise<CardCommandResponse> {
      const rules = await rulesFor(card.programId);
      return award(card, actor, rules, (now) => ({
        type: 'AddStamps',
        data: { commandId, count, employeeId: actor.userId, rules, cooldownMs: config.SCAN_COOLDOWN_MS },
        metadata: { now },
      }));
    },

    /** see reward-stock.ts for the reservation around a stocked reward */
    async redeem(
      card: IssuedCard,
      rewardId: string,
      actor: Actor,
      commandId: string,
    ): Promise<CardCommandResponse> {
      const rules = await rulesFor(card.programId);
      const metadata = metadataOf(actor, card);
      const result = await mutex.run(card.cardId, async () => {
        const now = clock();
        const command = (stockReservation: string | null): RedeemReward => ({
          type: 'RedeemReward',
          data: { commandId, rewardId, employeeId: actor.userId, rules, stockReservation },
          metadata: { now },
        });
        const reward = rules?.rewards.find((r) => r.id === rewardId);
        const stocked = reward?.limits.stock;
        const period = reward && stockPeriodOf(reward, now);
        if (!stocked || !period) return run(card.cardId, command(null), metadata);
        // the card's own rules first (on its current state), before holding a unit of the shared stock
        if (decide(command(period), await loadState(card.cardId)).length === 0)
          return run(card.cardId, command(period), metadata); // already redeemed: a retry
        const reservation = await stock.reserve({
          tenantId: card.tenantId,
          programId: card.programId,
          rewardId,
          period,
          quantity: stocked.quantity,
          cardId: card.cardId,
          now,
        });
        try {
          const redeemed = await run(card.cardId, command(period), {
            ...metadata,
            [STOCK_RESERVATION_METADATA]: reservation.reservationId,
          });
          if (redeemed.newEvents.some((e) => e.type === 'RewardRedeemed')) await stock.confirm(reservation);
          else await stock.release(reservation);
          return redeemed;
        } catch (error) {
          await stock.release(reservation);
          throw error;
        }
      });
      return commandResponse(result, rules);
    },

    /** new number + QR secret version; answered with the new number (the QR comes with the card) */
    async regenerate(card: IssuedCard, actor: Actor, commandId: string) {
      const humanReadableId = await reserveNumber(card.cardId);
      const result = await execute(
        card.cardId,
        (now) => ({
          type: 'RegenerateCard',
          data: {
            commandId,
            humanReadableId,
            actorId: actor.userId,
            actorRole: actor.role === Roles.customer ? 'customer' : 'staff',
          },
          metadata: { now },
        }),
        metadataOf(actor, card),
      );
      const state = result.newState as IssuedCard;
      return { cardId: state.cardId, humanReadableId: formatCardNumber(state.humanReadableId) };
    },

    // ─── customers ───────────────────────────────────────────────────────────────────────────────

    myCards,

    /** one of the customer's cards, or null */
    async myCard(userId: string, cardId: string): Promise<MyCard | null> {
      const card = await projection.issued(cardId);
      return card && card.userId === userId ? customerView(card) : null;
    },

    history,

    async overview(userId: string): Promise<MyOverview> {
      const cards = (await myCards(userId)).filter((c) => c.status === 'active');
      const recent = await history(userId, { pageNumber: 1, pageSize: 5 });
      return {
        activeCards: cards.length,
        totalPoints: cards.reduce((sum, c) => sum + c.points, 0),
        totalStamps: cards.reduce((sum, c) => sum + c.stamps, 0),
        rewardsReady: cards.reduce((sum, c) => sum + c.rewards.filter((r) => r.redeemable).length, 0),
        recentActivity: recent.items,
      };
    },

    // ─── maintenance ─────────────────────────────────────────────────────────────────────────────

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

export type CardService = Awaited<ReturnType<typeof createCardService>>;

import { formatCardNumber, type CardCommandResponse } from '@punkto/contracts/cards';
import { Roles } from '@punkto/contracts/permissions';
import type { EventMetadata } from '@punkto/platform/event-store/event-store.port';
import { rulesOf, tierFor, type ProgramRules } from '../programs/program-rules';
import type { CardEvent, IssuedCard } from './card';
import { cardIdFor, type Actor, type CardLedger } from './card-ledger';
import type { CardQueries } from './card-queries';
import { decide, type AddStamps, type EarnPoints, type RedeemReward } from './card.decider';
import { stockPeriodOf } from './reward-rules';
import { STOCK_RESERVATION_METADATA } from './reward-stock';

/**
 * What changes cards: issuing and closing them (from the tenant's events), awards and redemptions by staff
 * (each once per Idempotency-Key), and a new number and QR code. Every change goes through the Card decider
 * (card-ledger.ts); the answers are the card views of card-queries.ts.
 */
export function cardCommands(ledger: CardLedger, queries: CardQueries) {
  const { config, logger, clock, programs, catalogue, copies, projection, seats, stock, monitor, mutex } =
    ledger;
  const { execute, run, metadataOf } = ledger;

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
    return queries.commandResponse(result, rules);
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

  return {
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
        const humanReadableId = seat.granted ? await ledger.reserveNumber(cardId) : '';
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

    /** Runs a card command once per (user, Idempotency-Key): a retry gets the first answer (idempotency.ts). */
    idempotently: ledger.keys.run,

    async earnPoints(
      card: IssuedCard,
      input: { amountGrosze: number; serviceId?: string | undefined },
      actor: Actor,
      commandId: string,
    ): Promise<CardCommandResponse> {
      const rules = await ledger.rulesFor(card.programId);
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
      const rules = await ledger.rulesFor(card.programId);
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
      const rules = await ledger.rulesFor(card.programId);
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
        if (decide(command(period), await ledger.loadState(card.cardId)).length === 0)
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
      return queries.commandResponse(result, rules);
    },

    /** new number + QR secret version; answered with the new number (the QR comes with the card) */
    async regenerate(card: IssuedCard, actor: Actor, commandId: string) {
      const humanReadableId = await ledger.reserveNumber(card.cardId);
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
  };
}

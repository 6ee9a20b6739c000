import { CardErrors, formatCardNumber, type CardCommandResponse } from '@punkto/contracts/cards';
import { Roles } from '@punkto/contracts/permissions';
import type { EventMetadata } from '@punkto/platform/event-store/event-store.port';
import { PermissionDeniedError } from '@punkto/platform/errors/errors';
import { rulesOf, tierFor, type ProgramRules } from '../programs/program-rules';
import type { Card, CardEvent, IssuedCard } from './card';
import { signQr } from './card-codes';
import { cardIdFor, type Actor, type CardLedger } from './card-ledger';
import type { CardQueries } from './card-queries';
import { decide, type AddStamps, type EarnPoints, type RedeemReward } from './card.decider';
import { CardNotFoundError, CardRuleError, EntryNotFoundError } from './card.errors';
import { stockPeriodOf } from './reward-rules';
import { STOCK_RESERVATION_METADATA, type Reservation } from './reward-stock';

/**
 * Tenant isolation on the card's own state: a card of another company answers exactly as a number nobody
 * holds (404), never data — a 403 would tell an outsider that the number is someone's card (issue 15).
 */
function staffCard(card: Card, actor: Actor): IssuedCard {
  if ((card.status !== 'active' && card.status !== 'closed') || card.tenantId !== actor.tenantId)
    throw new CardNotFoundError();
  return card;
}

/** the history entries a correction may name */
const VOIDABLE: ReadonlySet<string> = new Set(['points_earned', 'stamps_added', 'reward_redeemed']);

/** Who may give a card a new number and QR code: its holder, or staff of its company with the permission. */
export interface RegenerateAccess {
  staff: boolean;
  permitted: boolean;
}

function regeneratingCard(card: Card, actor: Actor, access: RegenerateAccess): IssuedCard {
  if (card.status !== 'active' && card.status !== 'closed') throw new CardNotFoundError();
  if (actor.role === Roles.customer && card.userId === actor.userId) return card;
  const ownCompany = access.staff && actor.tenantId === card.tenantId;
  if (ownCompany && access.permitted) return card;
  // someone else's card answers as an unknown one; staff of its own company without the permission get 403
  if (ownCompany) throw new PermissionDeniedError();
  throw new CardNotFoundError();
}

/**
 * What changes cards: issuing and closing them (from the tenant's events), awards and redemptions by staff
 * (each once per Idempotency-Key), and a new number and QR code. Every change is one `ledger.execute`: the
 * card's stream read once, the caller checked against it, the command built and decided on it (card-ledger.ts);
 * the answers are the card views of card-queries.ts.
 */
export function cardCommands(ledger: CardLedger, queries: CardQueries) {
  const { config, logger, clock, programs, catalogue, copies, seats, stock, monitor, secret, execute } =
    ledger;

  const metadataOf = (actor: Actor, card: IssuedCard): EventMetadata => ({
    tenantId: card.tenantId,
    actorId: actor.userId,
    correlationId: actor.requestId,
  });

  /** the anomaly signal after an award; never blocks nor fails the award */
  async function watchAward(card: IssuedCard, actor: Actor, events: CardEvent[]) {
    if (!events.some((e) => e.type === 'PointsEarned' || e.type === 'StampsAdded')) return;
    try {
      const anomaly = await monitor.check({ tenantId: card.tenantId, employeeId: actor.userId, at: clock() });
      if (!anomaly) return;
      logger.warn({ ...anomaly, cardId: card.cardId }, 'unusual award volume by one employee');
      await execute(
        card.cardId,
        async (_card, now) => ({ command: { type: 'RecordAwardAnomaly', data: anomaly, metadata: { now } } }),
        metadataOf(actor, card),
      );
    } catch (error) {
      logger.error({ err: error, cardId: card.cardId }, 'award monitor failed');
    }
  }

  /**
   * Points or stamps on a card of the caller's company: the command built from the card (its program's
   * rules), then the anomaly signal, then the answer.
   */
  async function award(
    cardId: string,
    actor: Actor,
    build: (card: IssuedCard, rules: ProgramRules | null, now: Date) => Promise<EarnPoints | AddStamps>,
  ): Promise<CardCommandResponse> {
    let rules = null as ProgramRules | null; // of the attempt that decided
    let answer = null as CardCommandResponse | null; // of the attempt that appended
    const result = await execute(
      cardId,
      async (state, now) => {
        const card = staffCard(state, actor);
        rules = await ledger.rulesFor(card.programId);
        return { command: await build(card, rules, now), metadata: metadataOf(actor, card) };
      },
      {},
      // the answer is stored with the award itself (ADR 0029): built from what was decided
      async ({ newState, newEvents, firstRevision }) => {
        answer = await queries.commandResponse(
          { newState, newEvents, nextExpectedRevision: firstRevision + newEvents.length - 1 },
          rules,
        );
        return ledger.keys.answerWrites(answer);
      },
    );
    // no new event (a retry the card remembers): nothing was written, the key is finished as before
    if (result.newEvents.length > 0 && answer) ledger.keys.answered();
    else answer = await queries.commandResponse(result, rules);
    const card = result.newState as IssuedCard;
    await watchAward(card, actor, result.newEvents);
    return answer;
  }

  async function closeCard(
    cardId: string,
    tenantId: string,
    reason: 'program_deleted' | 'client_removed' | 'tenant_deleted',
    metadata: EventMetadata,
  ) {
    await execute(
      cardId,
      async (_card, now) => ({ command: { type: 'CloseCard', data: { reason }, metadata: { now } } }),
      {
        ...metadata,
        tenantId,
      },
    );
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
      let number: string | null = null;
      const result = await execute(
        cardId,
        async (card, now) => {
          if (card.status === 'active' || card.status === 'closed') return null; // one card per client
          const seat = await seats.take(input.tenantId, cardId);
          // a number is reserved for good: a lost race keeps the one it already holds
          const humanReadableId = seat.granted ? (number ??= await ledger.reserveNumber(cardId)) : '';
          const rules = rulesOf(program);
          const tier = rules?.kind === 'tiers' ? (tierFor(rules.levels, 0)?.name ?? null) : null;
          return {
            command: {
              type: 'IssueCard',
              data: { cardId, ...input, humanReadableId, tier, seat, qrPayload: signQr(secret, cardId, 1) },
              metadata: { now },
            },
          };
        },
        { ...metadata, tenantId: input.tenantId },
      );
      const refused = result.newEvents.find((e) => e.type === 'CardIssueRefused');
      if (refused)
        logger.warn(
          { ...input, cardId, limit: refused.data.limit, activeCustomers: refused.data.activeCustomers },
          "card not issued: the tenant's plan limit on active customers is reached",
        );
    },

    closeCard,

    async closeCardsOf(
      filter: { programId: string } | { tenantId: string },
      tenantId: string,
      reason: 'program_deleted' | 'tenant_deleted',
      metadata: EventMetadata,
    ) {
      for (const card of await ledger.projection.active(filter))
        await closeCard(card.cardId, tenantId, reason, metadata);
    },

    // ─── staff ───────────────────────────────────────────────────────────────────────────────────

    /** Runs a card command once per (user, Idempotency-Key): a retry gets the first answer (idempotency.ts). */
    idempotently: ledger.keys.run,

    async earnPoints(
      cardId: string,
      input: { amountGrosze: number; serviceId?: string | undefined },
      actor: Actor,
      commandId: string,
    ): Promise<CardCommandResponse> {
      return award(cardId, actor, async (card, rules, now) => {
        const service = input.serviceId ? (await catalogue.get(input.serviceId)).data : null;
        const fixedPoints =
          service && service.tenantId === card.tenantId && service.active ? service.fixedPoints : null;
        return {
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
        };
      });
    },

    async addStamps(
      cardId: string,
      count: number,
      actor: Actor,
      commandId: string,
    ): Promise<CardCommandResponse> {
      return award(cardId, actor, async (_card, rules, now) => ({
        type: 'AddStamps',
        data: { commandId, count, employeeId: actor.userId, rules, cooldownMs: config.SCAN_COOLDOWN_MS },
        metadata: { now },
      }));
    },

    /**
     * A reward for the card's points or stamps. A stocked reward (reward-stock.ts) holds a unit of the shared
     * stock around the command: only once the card's own rules accept the redemption (decided on the state the
     * command is decided on), kept if the card redeemed it, released if not.
     */
    async redeem(
      cardId: string,
      rewardId: string,
      actor: Actor,
      commandId: string,
    ): Promise<CardCommandResponse> {
      let rules = null as ProgramRules | null; // of the attempt that decided
      let reservation = null as Reservation | null;
      let result;
      try {
        result = await execute(
          cardId,
          async (state, now) => {
            const card = staffCard(state, actor);
            rules = await ledger.rulesFor(card.programId);
            const metadata = metadataOf(actor, card);
            const reward = rules?.rewards.find((r) => r.id === rewardId);
            const stocked = reward?.limits.stock;
            const period = reservation?.period ?? (reward && stockPeriodOf(reward, now));
            const command = (stockReservation: string | null): RedeemReward => ({
              type: 'RedeemReward',
              data: { commandId, rewardId, employeeId: actor.userId, rules, stockReservation },
              metadata: { now },
            });
            if (!stocked || !period) return { command: command(null), metadata };
            // the card's own rules first (throws their refusal), before holding a unit of the shared stock
            if (decide(command(period), state).length === 0) return { command: command(period), metadata }; // a retry
            reservation ??= await stock.reserve({
              tenantId: card.tenantId,
              programId: card.programId,
              rewardId,
              period,
              quantity: stocked.quantity,
              cardId,
              now,
            });
            return {
              command: command(period),
              metadata: { ...metadata, [STOCK_RESERVATION_METADATA]: reservation.reservationId },
            };
          },
          {},
        );
      } catch (error) {
        if (reservation) await stock.release(reservation);
        throw error;
      }
      // a crash before this line leaves the reservation pending: the maintenance job settles it from the stream
      if (reservation) {
        if (result.newEvents.some((e) => e.type === 'RewardRedeemed')) await stock.confirm(reservation);
        else await stock.release(reservation);
      }
      return queries.commandResponse(result, rules);
    },

    /**
     * A correction (ADR 0016): the award or redemption named by its history entry is voided by a compensating
     * event decided on the card (the rules are the decider's). A voided stocked redemption gives its unit back
     * to the period it counted against, if that period is still running.
     */
    async voidEntry(
      cardId: string,
      input: { activityId: string; reason: string },
      actor: Actor,
      commandId: string,
    ): Promise<CardCommandResponse> {
      let rules = null as ProgramRules | null;
      const result = await execute(
        cardId,
        async (state, now) => {
          const card = staffCard(state, actor);
          const entry = await queries.entryOf(card.cardId, input.activityId);
          if (!entry) throw new EntryNotFoundError();
          if (!VOIDABLE.has(entry.type) || !entry.commandId) throw new CardRuleError(CardErrors.notVoidable);
          rules = await ledger.rulesFor(card.programId);
          return {
            command: {
              type: 'VoidEntry',
              data: {
                commandId,
                voidedCommandId: entry.commandId,
                reason: input.reason,
                employeeId: actor.userId,
                rules,
              },
              metadata: { now },
            },
            metadata: metadataOf(actor, card),
          };
        },
        {},
      );
      const voided = result.newEvents.find((e) => e.type === 'RedemptionVoided');
      if (voided?.data.stockPeriod) {
        const card = result.newState as IssuedCard;
        const reward = rules?.rewards.find((r) => r.id === voided.data.rewardId);
        if (reward && stockPeriodOf(reward, clock()) === voided.data.stockPeriod)
          await stock.giveBack({
            programId: card.programId,
            rewardId: voided.data.rewardId,
            period: voided.data.stockPeriod,
            correctionId: voided.data.commandId,
          });
      }
      return queries.commandResponse(result, rules);
    },

    /** new number + QR secret version; answered with the new number (the QR comes with the card) */
    async regenerate(cardId: string, actor: Actor, access: RegenerateAccess, commandId: string) {
      let number: string | null = null;
      const result = await execute(
        cardId,
        async (state, now) => {
          const card = regeneratingCard(state, actor, access);
          if (card.recentCommandIds.includes(commandId)) return null; // took effect before: the same answer
          number ??= await ledger.reserveNumber(cardId);
          return {
            command: {
              type: 'RegenerateCard',
              data: {
                commandId,
                humanReadableId: number,
                qrPayload: signQr(secret, cardId, card.secretVersion + 1),
                actorId: actor.userId,
                actorRole: actor.role === Roles.customer ? 'customer' : 'staff',
              },
              metadata: { now },
            },
            metadata: metadataOf(actor, card),
          };
        },
        {},
      );
      const state = result.newState as IssuedCard;
      return { cardId: state.cardId, humanReadableId: formatCardNumber(state.humanReadableId) };
    },
  };
}

import type { Collection, DocumentStore } from '@punkto/platform/documents/document-store.port';
import type { EventStore } from '@punkto/platform/event-store/event-store.port';
import { randomUUID } from 'node:crypto';
import { mutateDocument, UNCHANGED } from '@punkto/platform/documents/mutate-document';
import { toCardStreamId } from './card';
import { CardRuleError } from './card.errors';
import { CardErrors } from '@punkto/contracts/cards';

/**
 * The total stock of a reward per period spans ALL cards of the program, so it cannot live in one card's
 * stream. Choice: a document per (program, reward, period) with an optimistic revision — `used` units and
 * the reservations still `pending` — rather than a `rewardstock-…` event stream: the stock is a counter
 * nobody needs the history of (each card's RewardRedeemed already records `stockPeriod`).
 *
 * Redeeming a stocked reward is a two-step reservation, exact under concurrency:
 * 1. `reserve` — a revision-checked `used + 1` only while `used < quantity`; the reservation has its own id;
 * 2. the card command appends RewardRedeemed with the reservation id in the event metadata;
 * 3. `confirm` on success, `release` (used − 1) when the card refused or decided nothing.
 * Two concurrent last-unit redemptions cannot both reserve. A crash between 1 and 3 leaves a pending
 * reservation: `sweep` (the maintenance job) settles reservations older than 2 minutes by looking for their
 * id in the card's stream — confirmed if the redemption happened, released if not.
 */
export type StockDoc = {
  _id: string;
  tenantId: string;
  programId: string;
  rewardId: string;
  period: string;
  used: number;
  pending: Record<string, { cardId: string; at: string }>;
  pendingCount: number;
  /** corrections (RedemptionVoided commandIds) whose unit went back to the stock: each gives back once */
  returned?: string[];
};

export interface Reservation {
  stockId: string;
  reservationId: string;
  period: string;
}

export const STOCK_RESERVATION_METADATA = 'stockReservationId';
const STALE_AFTER_MS = 2 * 60_000;

const stockIdOf = (programId: string, rewardId: string, period: string) =>
  `${programId}:${rewardId}:${period}`;

function settle(
  current: StockDoc | null,
  reservationId: string,
  consumed: boolean,
): StockDoc | typeof UNCHANGED {
  if (!current?.pending[reservationId]) return UNCHANGED;
  const { [reservationId]: _settled, ...pending } = current.pending;
  return {
    ...current,
    used: consumed ? current.used : current.used - 1,
    pending,
    pendingCount: Object.keys(pending).length,
  };
}

export function rewardStock(documents: DocumentStore) {
  const stock: Collection<StockDoc> = documents.collection<StockDoc>('reward_stock');
  return {
    async ensureIndexes() {
      await stock.ensureIndex({ fields: { pendingCount: 1 } });
    },
    /** units used in the period (pending reservations included) */
    async used(programId: string, rewardId: string, period: string): Promise<number> {
      return (await stock.get(stockIdOf(programId, rewardId, period)))?.used ?? 0;
    },
    reserve: (input: ReserveInput) => reserve(stock, input),
    confirm: (reservation: Reservation) => settleReservation(stock, reservation, true),
    release: (reservation: Reservation) => settleReservation(stock, reservation, false),
    giveBack: (input: GiveBackInput) => giveBack(stock, input),
    sweep: (eventStore: EventStore, now: Date) => sweep(stock, eventStore, now),
  };
}

interface ReserveInput {
  tenantId: string;
  programId: string;
  rewardId: string;
  period: string;
  quantity: number;
  cardId: string;
  now: Date;
}

async function reserve(stock: Collection<StockDoc>, input: ReserveInput): Promise<Reservation> {
  const stockId = stockIdOf(input.programId, input.rewardId, input.period);
  const reservationId = randomUUID();
  await mutateDocument(stock, stockId, (current) => {
    const used = current?.used ?? 0;
    if (used >= input.quantity) throw new CardRuleError(CardErrors.outOfStock);
    const pending = {
      ...current?.pending,
      [reservationId]: { cardId: input.cardId, at: input.now.toISOString() },
    };
    return {
      _id: stockId,
      tenantId: input.tenantId,
      programId: input.programId,
      rewardId: input.rewardId,
      period: input.period,
      used: used + 1,
      pending,
      pendingCount: Object.keys(pending).length,
    };
  });
  return { stockId, reservationId, period: input.period };
}

/** confirm (consumed) or release (the unit goes back) a reservation */
async function settleReservation(
  stock: Collection<StockDoc>,
  reservation: Reservation,
  consumed: boolean,
): Promise<void> {
  await mutateDocument(stock, reservation.stockId, (current) =>
    settle(current, reservation.reservationId, consumed),
  );
}

interface GiveBackInput {
  programId: string;
  rewardId: string;
  period: string;
  correctionId: string;
}

/**
 * A voided redemption gives its unit back to the period it counted against (once per correction). A period
 * that has passed is left alone: its stock is renewed anyway.
 */
async function giveBack(stock: Collection<StockDoc>, input: GiveBackInput): Promise<void> {
  await mutateDocument(stock, stockIdOf(input.programId, input.rewardId, input.period), (current) =>
    !current || current.used <= 0 || current.returned?.includes(input.correctionId)
      ? UNCHANGED
      : {
          ...current,
          used: current.used - 1,
          returned: [...(current.returned ?? []), input.correctionId].slice(-1000),
        },
  );
}

/** settles reservations a crash left pending (see above); returns how many it settled */
async function sweep(stock: Collection<StockDoc>, eventStore: EventStore, now: Date): Promise<number> {
  let settled = 0;
  for (const doc of await stock.find({ pendingCount: { $gt: 0 } }, { limit: 200 })) {
    for (const [reservationId, { cardId, at }] of Object.entries(doc.pending)) {
      if (now.getTime() - Date.parse(at) < STALE_AFTER_MS) continue;
      const events = await eventStore.readStream(toCardStreamId(cardId));
      const consumed = events.some(
        (e) => e.type === 'RewardRedeemed' && e.metadata[STOCK_RESERVATION_METADATA] === reservationId,
      );
      await mutateDocument(stock, doc._id, (current) => settle(current, reservationId, consumed));
      settled++;
    }
  }
  return settled;
}

export type RewardStock = ReturnType<typeof rewardStock>;

import type { Collection, Stored } from '@punkto/platform/documents/document-store.port';
import { retryLostRace } from '@punkto/platform/errors/lost-race';
import type { Scheduler } from '@punkto/platform/scheduler/scheduler.port';
import { randomBytes, randomUUID } from 'node:crypto';
import type { ProviderOrderStatus, SavedCard } from './payment-provider.port';

export const SANDBOX_NOTIFY_JOB = 'billing.sandbox-notify';

/** Test cards of the checkout form (digits only). */
export const SANDBOX_CARDS = {
  success: '4444333322221111',
  declined: '4000000000000002',
  threeDSecure: '4000000000003220',
  /** accepted and saved, but every later charge of the saved card is declined (dunning tests) */
  renewalsDeclined: '4000000000000341',
} as const;

export interface SandboxOrder {
  _id: string;
  paymentId: string;
  tenantId: string;
  description: string;
  amountGrosze: number;
  continueUrl: string;
  notifyUrl: string;
  status: ProviderOrderStatus;
  /** waiting for the 3-D Secure step of this card */
  pendingCardNumber: string | null;
  /** a single-use token of the card form (`TOK_SANDBOX_…`) the payer confirms on the page, else null */
  cardToken?: string | null;
  savedCard: SavedCard | null;
  declineReason: string | null;
  createdAt: string;
}
export interface SandboxCardToken {
  _id: string;
  number: string;
  expiry: string;
  used: boolean;
}
export interface SandboxCard {
  _id: string;
  card: SavedCard;
  declineCharges: boolean;
}

export type CardOutcome =
  | { kind: 'completed'; order: SandboxOrder }
  | { kind: 'declined'; order: SandboxOrder }
  | { kind: 'three_d_secure'; order: SandboxOrder }
  | { kind: 'invalid'; message: string };

/** the sandbox's collections and what settling an order needs */
export interface SandboxStores {
  orders: Collection<SandboxOrder>;
  cards: Collection<SandboxCard>;
  tokens: Collection<SandboxCardToken>;
  scheduler: Scheduler;
  clock: () => Date;
}

/** a new PENDING order of the sandbox (`SBX…` id) */
export function newSandboxOrder(
  clock: () => Date,
  fields: Pick<
    SandboxOrder,
    'paymentId' | 'tenantId' | 'description' | 'amountGrosze' | 'continueUrl' | 'notifyUrl'
  > &
    Partial<Pick<SandboxOrder, 'cardToken'>>,
): SandboxOrder {
  return {
    _id: `SBX${randomUUID().replace(/-/g, '').toUpperCase()}`,
    ...fields,
    status: 'PENDING',
    pendingCardNumber: null,
    savedCard: null,
    declineReason: null,
    createdAt: clock().toISOString(),
  };
}

async function scheduleNotification(deps: SandboxStores, order: SandboxOrder) {
  await deps.scheduler.schedule({
    id: `sandbox-notify:${order._id}:${order.status}`,
    type: SANDBOX_NOTIFY_JOB,
    runAt: deps.clock(),
    payload: { orderId: order._id },
  });
}

/** a reusable token for a paid card, kept with whether its later charges are declined */
async function saveCard(deps: SandboxStores, card: { number: string; expiry: string }): Promise<SavedCard> {
  const savedCard: SavedCard = {
    token: `TOKC_SANDBOX_${randomBytes(12).toString('hex').toUpperCase()}`,
    maskedNumber: `${card.number.slice(0, 6)}******${card.number.slice(-4)}`,
    expiry: card.expiry,
    brand: card.number.startsWith('4') ? 'VISA' : 'MASTERCARD',
  };
  await deps.cards.insert({
    _id: savedCard.token,
    card: savedCard,
    declineCharges: card.number === SANDBOX_CARDS.renewalsDeclined,
  });
  return savedCard;
}

/** the order's outcome (once: a settled order stays as it is), its notification scheduled */
export async function settleSandboxOrder(
  deps: SandboxStores,
  order: SandboxOrder,
  status: 'COMPLETED' | 'CANCELED',
  card: { number: string; expiry: string } | null,
  declineReason: string | null = null,
): Promise<SandboxOrder> {
  const savedCard = status === 'COMPLETED' && card ? await saveCard(deps, card) : null;
  const stored = await deps.orders.get(order._id);
  if (!stored || stored.status === 'COMPLETED' || stored.status === 'CANCELED') return stored ?? order;
  const next = await deps.orders.update(
    { ...stored, status, savedCard, declineReason, pendingCardNumber: null },
    { expectedRevision: stored._rev },
  );
  await scheduleNotification(deps, next);
  return next;
}

/** the card's outcome: 3-D Secure first, paid (and saved), or declined (SANDBOX_CARDS.declined, any other) */
export async function payWithSandboxCard(
  deps: SandboxStores,
  order: Stored<SandboxOrder>,
  number: string,
  expiry: string,
): Promise<CardOutcome> {
  if (number === SANDBOX_CARDS.threeDSecure) {
    const waiting = await deps.orders.update(
      { ...order, pendingCardNumber: `${number}|${expiry}` },
      { expectedRevision: order._rev },
    );
    return { kind: 'three_d_secure', order: waiting };
  }
  if (number === SANDBOX_CARDS.success || number === SANDBOX_CARDS.renewalsDeclined)
    return {
      kind: 'completed',
      order: await settleSandboxOrder(deps, order, 'COMPLETED', { number, expiry }),
    };
  return {
    kind: 'declined',
    order: await settleSandboxOrder(deps, order, 'CANCELED', null, 'card declined'),
  };
}

/**
 * the merchant cancels an order (ADR 0055): a PENDING one turns CANCELED (its notification scheduled) and can no
 * longer be paid on the page; a settled one answers what it is; an unknown one was never created here
 */
export async function cancelSandboxOrder(
  deps: SandboxStores,
  orderId: string,
): Promise<'CANCELED' | 'COMPLETED' | 'NOT_FOUND'> {
  const settle = async () => {
    const order = await deps.orders.get(orderId);
    if (!order) return 'NOT_FOUND' as const;
    if (order.status === 'COMPLETED' || order.status === 'CANCELED') return order.status;
    const settled = await settleSandboxOrder(deps, order, 'CANCELED', null, 'cancelled by the merchant');
    return settled.status === 'COMPLETED' ? ('COMPLETED' as const) : ('CANCELED' as const);
  };
  // the payer paying at the same moment: the order is read again and answers what it became
  return retryLostRace(settle, { maxAttempts: 5 });
}

import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { keptSecret } from '@punkto/platform/documents/kept-secret';
import { DuplicateKeyError } from '@punkto/platform/errors/errors';
import type { Scheduler } from '@punkto/platform/scheduler/scheduler.port';
import type {
  CheckoutRequest,
  CheckoutResult,
  PaymentProvider,
  RenewalChargeRequest,
  RenewalChargeResult,
} from './payment-provider.port';
import {
  abandonSandboxOrder,
  confirmSandbox3ds,
  payOnSandboxPage,
  payWithSandboxToken,
  tokenizeSandboxCard,
} from './sandbox-checkout-page';
import {
  deliverSandboxNotification,
  fetchSend,
  parseSandboxNotification,
  sign,
  type SendNotification,
} from './sandbox-notifications';
import {
  cancelSandboxOrder,
  newSandboxOrder,
  settleSandboxOrder,
  type SandboxCard,
  type SandboxCardToken,
  type SandboxOrder,
  type SandboxStores,
} from './sandbox-orders';

/**
 * The built-in sandbox provider (embedded default, PAYMENT_PROVIDER=sandbox): a hosted test checkout served
 * by this service under /api/v1/payments/sandbox/…, signed notifications POSTed to the notify URL and resent
 * by the durable scheduler until answered 2xx, saved-card tokens for renewals. It takes no money: refused
 * with NODE_ENV=production unless explicitly allowed (config.ts).
 *
 * Signature header (PayU's shape): `OpenPayu-Signature: sender=sandbox;signature=<hex>;algorithm=HMAC-SHA256;
 * content=DOCUMENT`, the HMAC-SHA256 of the raw body with a per-install secret (sandbox-notifications.ts).
 */
export const SANDBOX_CHECKOUT_PATH = '/api/v1/payments/sandbox/checkout';

/** an order the payer pays on the sandbox's checkout page; a second order of one payment is refused */
async function startSandboxCheckout(
  deps: SandboxStores & { publicUrl: string },
  request: CheckoutRequest,
): Promise<CheckoutResult> {
  const order = newSandboxOrder(deps.clock, {
    paymentId: request.paymentId,
    tenantId: request.tenantId,
    description: request.description,
    amountGrosze: request.amountGrosze,
    continueUrl: request.continueUrl,
    notifyUrl: request.notifyUrl,
    cardToken: request.cardToken ?? null,
  });
  try {
    await deps.orders.insert(order);
  } catch (error) {
    if (error instanceof DuplicateKeyError)
      throw new Error(`duplicate extOrderId ${request.paymentId}`, { cause: error });
    throw error;
  }
  return {
    kind: 'redirect',
    providerOrderId: order._id,
    redirectUri: `${deps.publicUrl}${SANDBOX_CHECKOUT_PATH}/${order._id}`,
  };
}

/** a renewal charge of a saved card, settled at once (declined for cards marked so); one order per payment */
async function chargeSandboxCard(
  deps: SandboxStores,
  request: RenewalChargeRequest,
): Promise<RenewalChargeResult> {
  const card = await deps.cards.get(request.cardToken);
  const existing = (await deps.orders.find({ paymentId: request.paymentId }))[0];
  if (existing) return { providerOrderId: existing._id, status: existing.status };
  const order = newSandboxOrder(deps.clock, {
    paymentId: request.paymentId,
    tenantId: request.tenantId,
    description: request.description,
    amountGrosze: request.amountGrosze,
    continueUrl: '',
    notifyUrl: request.notifyUrl,
  });
  await deps.orders.insert(order);
  const declineReason = !card ? 'unknown card token' : card.declineCharges ? 'card declined' : null;
  const settled = await settleSandboxOrder(
    deps,
    order,
    declineReason ? 'CANCELED' : 'COMPLETED',
    null,
    declineReason,
  );
  return {
    providerOrderId: settled._id,
    status: settled.status,
    ...(declineReason && { declineReason }),
  };
}

export async function createSandboxPaymentProvider(deps: {
  documents: DocumentStore;
  scheduler: Scheduler;
  clock: () => Date;
  configuredSecret?: string;
  send?: SendNotification;
  /** the gateway's public address: the checkout page's absolute URL */
  publicUrl: string;
}) {
  const { documents } = deps;
  const secret = await keptSecret(documents, 'payment-sandbox-notifications', deps.configuredSecret);
  const stores: SandboxStores = {
    orders: documents.collection<SandboxOrder>('sandbox_orders'),
    cards: documents.collection<SandboxCard>('sandbox_cards'),
    tokens: documents.collection<SandboxCardToken>('sandbox_card_tokens'),
    scheduler: deps.scheduler,
    clock: deps.clock,
  };
  await stores.orders.ensureIndex({ fields: { paymentId: 1 }, unique: true, name: 'sandbox_orders_payment' });
  let send = deps.send ?? fetchSend;

  const provider: PaymentProvider = {
    name: 'sandbox',
    startCheckout: (request) => startSandboxCheckout({ ...stores, publicUrl: deps.publicUrl }, request),
    parseNotification: (rawBody, headers) => parseSandboxNotification(secret, rawBody, headers),
    chargeSavedCard: (request) => chargeSandboxCard(stores, request),
    async deleteSavedCard(cardToken: string) {
      await stores.cards.delete(cardToken);
    },
    cancelOrder: (providerOrderId) => cancelSandboxOrder(stores, providerOrderId),
    async getOrder(providerOrderId: string) {
      const order = await stores.orders.get(providerOrderId);
      if (!order) throw new Error(`unknown sandbox order ${providerOrderId}`);
      return { status: order.status, amountGrosze: order.amountGrosze, paymentId: order.paymentId };
    },
  };

  return {
    provider,
    /** for the checkout pages */
    order: (orderId: string) => stores.orders.get(orderId),
    pay: (orderId: string, input: { number: string; expiry: string; cvc: string }) =>
      payOnSandboxPage(stores, orderId, input),
    tokenize: (input: { number: string; expiry: string }) => tokenizeSandboxCard(stores, input),
    payWithToken: (orderId: string) => payWithSandboxToken(stores, orderId),
    abandon: (orderId: string) => abandonSandboxOrder(stores, orderId),
    /** tests: the issuer declines every later charge of this saved card */
    async declineCharges(savedCardToken: string) {
      const card = await stores.cards.get(savedCardToken);
      if (card) await stores.cards.update({ ...card, declineCharges: true }, { expectedRevision: card._rev });
    },
    confirm3ds: (orderId: string, approve: boolean) => confirmSandbox3ds(stores, orderId, approve),
    /** the notification job: POST the signed order status; throws (retry) until answered 2xx */
    async deliverNotification(orderId: string): Promise<void> {
      const order = await stores.orders.get(orderId);
      if (order) await deliverSandboxNotification({ secret, send }, order);
    },
    /** tests: deliver notifications in-process; also signs bodies like the sandbox does */
    setSend(next: SendNotification) {
      send = next;
    },
    signBody: (body: string) => sign(secret, body),
  };
}

export type SandboxPayments = Awaited<ReturnType<typeof createSandboxPaymentProvider>>;

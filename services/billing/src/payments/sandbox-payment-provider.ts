import type { DocumentStore, Stored } from '@punkto/platform/documents/document-store.port';
import { keptSecret } from '@punkto/platform/documents/kept-secret';
import { DuplicateKeyError } from '@punkto/platform/errors/errors';
import type { Scheduler } from '@punkto/platform/scheduler/scheduler.port';
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  NotificationRejected,
  type CheckoutRequest,
  type CheckoutResult,
  type PaymentNotification,
  type PaymentProvider,
  type ProviderOrderStatus,
  type RenewalChargeRequest,
  type RenewalChargeResult,
  type SavedCard,
} from './payment-provider.port';

/**
 * The built-in sandbox provider (embedded default, PAYMENT_PROVIDER=sandbox): a hosted test checkout served
 * by this service under /api/v1/payments/sandbox/…, signed notifications POSTed to the notify URL and resent
 * by the durable scheduler until answered 2xx, saved-card tokens for renewals. It takes no money: refused
 * with NODE_ENV=production unless explicitly allowed (config.ts).
 *
 * Signature header (PayU's shape): `OpenPayu-Signature: sender=sandbox;signature=<hex>;algorithm=HMAC-SHA256;
 * content=DOCUMENT`, the HMAC-SHA256 of the raw body with a per-install secret.
 */
export const SANDBOX_SIGNATURE_HEADER = 'openpayu-signature';
export const SANDBOX_NOTIFY_JOB = 'billing.sandbox-notify';
export const SANDBOX_CHECKOUT_PATH = '/api/v1/payments/sandbox/checkout';

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
interface SandboxCardToken {
  _id: string;
  number: string;
  expiry: string;
  used: boolean;
}
interface SandboxCard {
  _id: string;
  card: SavedCard;
  declineCharges: boolean;
}

export type SendNotification = (
  url: string,
  body: string,
  headers: Record<string, string>,
) => Promise<number>;

const fetchSend: SendNotification = async (url, body, headers) => {
  const res = await fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(10_000) });
  await res.arrayBuffer().catch(() => undefined);
  return res.status;
};

export type CardOutcome =
  | { kind: 'completed'; order: SandboxOrder }
  | { kind: 'declined'; order: SandboxOrder }
  | { kind: 'three_d_secure'; order: SandboxOrder }
  | { kind: 'invalid'; message: string };

export const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

export async function createSandboxPaymentProvider(deps: {
  documents: DocumentStore;
  scheduler: Scheduler;
  clock: () => Date;
  configuredSecret?: string;
  send?: SendNotification;
  /** the gateway's public address: the checkout page's absolute URL */
  publicUrl: string;
}) {
  const { documents, scheduler, clock } = deps;
  const secret = await keptSecret(documents, 'payment-sandbox-notifications', deps.configuredSecret);
  const orders = documents.collection<SandboxOrder>('sandbox_orders');
  const cards = documents.collection<SandboxCard>('sandbox_cards');
  const tokens = documents.collection<SandboxCardToken>('sandbox_card_tokens');
  await orders.ensureIndex({ fields: { paymentId: 1 }, unique: true, name: 'sandbox_orders_payment' });
  let send = deps.send ?? fetchSend;

  async function scheduleNotification(order: SandboxOrder) {
    await scheduler.schedule({
      id: `sandbox-notify:${order._id}:${order.status}`,
      type: SANDBOX_NOTIFY_JOB,
      runAt: clock(),
      payload: { orderId: order._id },
    });
  }

  async function settle(
    order: SandboxOrder,
    status: 'COMPLETED' | 'CANCELED',
    card: { number: string; expiry: string } | null,
    declineReason: string | null = null,
  ): Promise<SandboxOrder> {
    let savedCard: SavedCard | null = null;
    if (status === 'COMPLETED' && card) {
      savedCard = {
        token: `TOKC_SANDBOX_${randomBytes(12).toString('hex').toUpperCase()}`,
        maskedNumber: `${card.number.slice(0, 6)}******${card.number.slice(-4)}`,
        expiry: card.expiry,
        brand: card.number.startsWith('4') ? 'VISA' : 'MASTERCARD',
      };
      await cards.insert({
        _id: savedCard.token,
        card: savedCard,
        declineCharges: card.number === SANDBOX_CARDS.renewalsDeclined,
      });
    }
    const stored = await orders.get(order._id);
    if (!stored || stored.status === 'COMPLETED' || stored.status === 'CANCELED') return stored ?? order;
    const next = await orders.update(
      { ...stored, status, savedCard, declineReason, pendingCardNumber: null },
      { expectedRevision: stored._rev },
    );
    await scheduleNotification(next);
    return next;
  }

  /** the card's outcome: declined, 3-D Secure first, or paid (and saved) */
  async function payWithCard(
    order: Stored<SandboxOrder>,
    number: string,
    expiry: string,
  ): Promise<CardOutcome> {
    if (number === SANDBOX_CARDS.declined)
      return { kind: 'declined', order: await settle(order, 'CANCELED', null, 'card declined') };
    if (number === SANDBOX_CARDS.threeDSecure) {
      const waiting = await orders.update(
        { ...order, pendingCardNumber: `${number}|${expiry}` },
        { expectedRevision: order._rev },
      );
      return { kind: 'three_d_secure', order: waiting };
    }
    if (number === SANDBOX_CARDS.success || number === SANDBOX_CARDS.renewalsDeclined)
      return { kind: 'completed', order: await settle(order, 'COMPLETED', { number, expiry }) };
    return { kind: 'declined', order: await settle(order, 'CANCELED', null, 'card declined') };
  }

  const provider: PaymentProvider = {
    name: 'sandbox',

    async startCheckout(request: CheckoutRequest): Promise<CheckoutResult> {
      const order: SandboxOrder = {
        _id: `SBX${randomUUID().replace(/-/g, '').toUpperCase()}`,
        paymentId: request.paymentId,
        tenantId: request.tenantId,
        description: request.description,
        amountGrosze: request.amountGrosze,
        continueUrl: request.continueUrl,
        notifyUrl: request.notifyUrl,
        status: 'PENDING',
        pendingCardNumber: null,
        cardToken: request.cardToken ?? null,
        savedCard: null,
        declineReason: null,
        createdAt: clock().toISOString(),
      };
      try {
        await orders.insert(order);
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
    },

    parseNotification(rawBody: Buffer, headers: Record<string, string | undefined>): PaymentNotification {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      if (!header) throw new NotificationRejected('missing OpenPayu-Signature header');
      const parts = Object.fromEntries(
        header.split(';').map((part) => {
          const [key, ...value] = part.split('=');
          return [key!.trim(), value.join('=').trim()];
        }),
      );
      if (parts.algorithm !== 'HMAC-SHA256')
        throw new NotificationRejected('unsupported signature algorithm');
      const expected = Buffer.from(sign(secret, rawBody.toString('utf8')), 'hex');
      const given = Buffer.from(String(parts.signature ?? ''), 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new NotificationRejected('signature does not match');
      let body: {
        order?: {
          orderId?: string;
          extOrderId?: string;
          totalAmount?: string;
          currencyCode?: string;
          status?: string;
        };
        savedCard?: SavedCard;
      };
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new NotificationRejected('body is not JSON');
      }
      const o = body.order;
      const statuses: ProviderOrderStatus[] = [
        'PENDING',
        'WAITING_FOR_CONFIRMATION',
        'COMPLETED',
        'CANCELED',
      ];
      if (
        !o?.orderId ||
        !o.extOrderId ||
        !/^\d+$/.test(o.totalAmount ?? '') ||
        !statuses.includes(o.status as never)
      )
        throw new NotificationRejected('order fields missing or malformed');
      return {
        providerOrderId: o.orderId,
        paymentId: o.extOrderId,
        status: o.status as ProviderOrderStatus,
        amountGrosze: Number(o.totalAmount),
        currency: o.currencyCode ?? '',
        ...(body.savedCard && { savedCard: body.savedCard }),
      };
    },

    async chargeSavedCard(request: RenewalChargeRequest): Promise<RenewalChargeResult> {
      const card = await cards.get(request.cardToken);
      const existing = (await orders.find({ paymentId: request.paymentId }))[0];
      if (existing) return { providerOrderId: existing._id, status: existing.status };
      const order: SandboxOrder = {
        _id: `SBX${randomUUID().replace(/-/g, '').toUpperCase()}`,
        paymentId: request.paymentId,
        tenantId: request.tenantId,
        description: request.description,
        amountGrosze: request.amountGrosze,
        continueUrl: '',
        notifyUrl: request.notifyUrl,
        status: 'PENDING',
        pendingCardNumber: null,
        savedCard: null,
        declineReason: null,
        createdAt: clock().toISOString(),
      };
      await orders.insert(order);
      const declineReason = !card ? 'unknown card token' : card.declineCharges ? 'card declined' : null;
      const settled = await settle(order, declineReason ? 'CANCELED' : 'COMPLETED', null, declineReason);
      return {
        providerOrderId: settled._id,
        status: settled.status,
        ...(declineReason && { declineReason }),
      };
    },

    async getOrder(providerOrderId: string) {
      const order = await orders.get(providerOrderId);
      if (!order) throw new Error(`unknown sandbox order ${providerOrderId}`);
      return { status: order.status, amountGrosze: order.amountGrosze, paymentId: order.paymentId };
    },
  };

  return {
    provider,
    /** for the checkout pages */
    order: (orderId: string) => orders.get(orderId),

    /** the card form was submitted */
    async pay(orderId: string, input: { number: string; expiry: string; cvc: string }): Promise<CardOutcome> {
      const order = await orders.get(orderId);
      if (!order) return { kind: 'invalid', message: 'Nie znaleziono zamówienia.' };
      if (order.status !== 'PENDING')
        return { kind: 'invalid', message: 'To zamówienie jest już rozliczone.' };
      const number = input.number.replace(/[\s-]/g, '');
      if (!/^\d{16}$/.test(number)) return { kind: 'invalid', message: 'Numer karty musi mieć 16 cyfr.' };
      if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(input.expiry.trim()))
        return { kind: 'invalid', message: 'Podaj datę ważności w formacie MM/RR.' };
      if (!/^\d{3}$/.test(input.cvc.trim())) return { kind: 'invalid', message: 'Kod CVC ma 3 cyfry.' };
      const [mm, yy] = input.expiry.trim().split('/');
      return payWithCard(order, number, `${mm}/20${yy}`);
    },

    /** the card form's single-use token for a card (what a provider's browser card form returns) */
    async tokenize(input: { number: string; expiry: string }): Promise<string> {
      const token = `TOK_SANDBOX_${randomBytes(12).toString('hex').toUpperCase()}`;
      await tokens.insert({
        _id: token,
        number: input.number.replace(/\D/g, ''),
        expiry: input.expiry,
        used: false,
      });
      return token;
    },

    /** the payer confirms, on the page, the payment with the card the token stands for */
    async payWithToken(orderId: string): Promise<CardOutcome> {
      const order = await orders.get(orderId);
      if (!order?.cardToken || order.status !== 'PENDING')
        return { kind: 'invalid', message: 'To zamówienie nie czeka na płatność zapisaną kartą.' };
      const token = await tokens.get(order.cardToken);
      if (!token || token.used)
        return {
          kind: 'declined',
          order: await settle(order, 'CANCELED', null, 'card token invalid or used'),
        };
      await tokens.update({ ...token, used: true }, { expectedRevision: token._rev });
      return payWithCard(order, token.number, token.expiry);
    },

    /** the payer abandons the payment on the page */
    async abandon(orderId: string): Promise<CardOutcome> {
      const order = await orders.get(orderId);
      if (!order || order.status !== 'PENDING')
        return { kind: 'invalid', message: 'To zamówienie jest już rozliczone.' };
      return { kind: 'declined', order: await settle(order, 'CANCELED', null, 'abandoned by the payer') };
    },

    /** tests: the issuer declines every later charge of this saved card */
    async declineCharges(savedCardToken: string) {
      const card = await cards.get(savedCardToken);
      if (card) await cards.update({ ...card, declineCharges: true }, { expectedRevision: card._rev });
    },

    /** the 3-D Secure step was confirmed or rejected */
    async confirm3ds(orderId: string, approve: boolean): Promise<CardOutcome> {
      const order = await orders.get(orderId);
      if (!order || order.status !== 'PENDING' || !order.pendingCardNumber)
        return { kind: 'invalid', message: 'To zamówienie nie czeka na potwierdzenie.' };
      const [number, expiry] = order.pendingCardNumber.split('|') as [string, string];
      return approve
        ? { kind: 'completed', order: await settle(order, 'COMPLETED', { number, expiry }) }
        : { kind: 'declined', order: await settle(order, 'CANCELED', null, '3-D Secure rejected') };
    },

    /** the notification job: POST the signed order status; throws (retry) until answered 2xx */
    async deliverNotification(orderId: string): Promise<void> {
      const order = await orders.get(orderId);
      if (!order) return;
      const body = JSON.stringify({
        order: {
          orderId: order._id,
          extOrderId: order.paymentId,
          totalAmount: String(order.amountGrosze),
          currencyCode: 'PLN',
          status: order.status,
        },
        ...(order.savedCard && { savedCard: order.savedCard }),
      });
      const status = await send(order.notifyUrl, body, {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: `sender=sandbox;signature=${sign(secret, body)};algorithm=HMAC-SHA256;content=DOCUMENT`,
      });
      if (status < 200 || status >= 300) throw new Error(`notify ${order.notifyUrl} answered ${status}`);
    },

    /** tests: deliver notifications in-process; also signs bodies like the sandbox does */
    setSend(next: SendNotification) {
      send = next;
    },
    signBody: (body: string) => sign(secret, body),
  };
}

export type SandboxPayments = Awaited<ReturnType<typeof createSandboxPaymentProvider>>;

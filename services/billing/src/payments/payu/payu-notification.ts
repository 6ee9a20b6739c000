import { createHash, timingSafeEqual } from 'node:crypto';
import {
  NotificationRejected,
  type PaymentNotification,
  type ProviderOrderStatus,
} from '../payment-provider.port';
import type { PayuConfig } from './payu-config';

export interface PayuNotifiedOrder {
  orderId?: unknown;
  extOrderId?: unknown;
  merchantPosId?: unknown;
  status?: unknown;
  totalAmount?: unknown;
  currencyCode?: unknown;
}

const ORDER_STATUSES: readonly ProviderOrderStatus[] = [
  'PENDING',
  'WAITING_FOR_CONFIRMATION',
  'COMPLETED',
  'CANCELED',
];
const HASHES: Record<string, string> = {
  MD5: 'md5',
  'SHA-256': 'sha256',
  SHA256: 'sha256',
  'SHA-384': 'sha384',
  SHA384: 'sha384',
  'SHA-512': 'sha512',
  SHA512: 'sha512',
};
export const isStatus = (value: unknown): value is ProviderOrderStatus =>
  typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
/** PayU's NEW (created, the payer has not started) is still pending for us */
export const statusOf = (value: unknown): unknown => (value === 'NEW' ? 'PENDING' : value);

/** `sender=checkout;signature=…;algorithm=MD5;content=DOCUMENT` → its fields. */
export function parseSignatureHeader(header: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0) fields[part.slice(0, at).trim().toLowerCase()] = part.slice(at + 1).trim();
  }
  return fields;
}

/** hex(hash(body + second key)) — how PayU signs notifications (and how the fake signs them). */
export function payuSignature(rawBody: Buffer | string, secondKey: string, algorithm = 'MD5'): string {
  const hash = HASHES[algorithm.toUpperCase()];
  if (!hash) throw new Error(`unsupported signature algorithm ${algorithm}`);
  return createHash(hash)
    .update(
      Buffer.concat([Buffer.isBuffer(rawBody) ? rawBody : Buffer.from(rawBody), Buffer.from(secondKey)]),
    )
    .digest('hex');
}

const header = (headers: Record<string, string | undefined>, name: string) => {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
};

/**
 * A PayU notification: `OpenPayu-Signature: sender=…;signature=…;algorithm=…;content=DOCUMENT`, signature =
 * hash(raw body + second key), compared in constant time. The second key is the authentication; `sender` is
 * `checkout` in PayU's documented notifications, so the order's `merchantPosId` is what ties the notification
 * to our POS.
 */
export function parsePayuNotification(
  config: Pick<PayuConfig, 'posId' | 'secondKey'>,
  rawBody: Buffer,
  headers: Record<string, string | undefined>,
): PaymentNotification {
  const signatureHeader = header(headers, 'openpayu-signature') ?? header(headers, 'x-openpayu-signature');
  if (!signatureHeader) throw new NotificationRejected('no OpenPayu-Signature header');
  const fields = parseSignatureHeader(signatureHeader);
  const algorithm = (fields['algorithm'] ?? '').toUpperCase();
  if (!HASHES[algorithm])
    throw new NotificationRejected(`unsupported signature algorithm "${fields['algorithm']}"`);
  if (fields['content'] && fields['content'] !== 'DOCUMENT')
    throw new NotificationRejected(`unsupported signature content "${fields['content']}"`);
  const sender = fields['sender'];
  if (sender !== 'checkout' && sender !== config.posId)
    throw new NotificationRejected(`unexpected sender "${sender ?? ''}"`);
  const given = Buffer.from((fields['signature'] ?? '').toLowerCase(), 'utf8');
  const expected = Buffer.from(payuSignature(rawBody, config.secondKey, algorithm), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new NotificationRejected('signature mismatch');

  let parsed: { order?: PayuNotifiedOrder };
  try {
    parsed = JSON.parse(rawBody.toString('utf8')) as { order?: PayuNotifiedOrder };
  } catch {
    throw new NotificationRejected('body is not JSON');
  }
  const order = parsed.order;
  if (!order || typeof order !== 'object') throw new NotificationRejected('no order in the notification');
  if (String(order.merchantPosId) !== config.posId)
    throw new NotificationRejected(`order of another POS (${String(order.merchantPosId)})`);
  const status = statusOf(order.status);
  if (!isStatus(status)) throw new NotificationRejected(`unknown order status "${String(order.status)}"`);
  if (typeof order.orderId !== 'string' || !order.orderId) throw new NotificationRejected('no orderId');
  if (typeof order.extOrderId !== 'string' || !order.extOrderId)
    throw new NotificationRejected('no extOrderId');
  const amount =
    typeof order.totalAmount === 'string' && /^\d+$/.test(order.totalAmount)
      ? Number(order.totalAmount)
      : NaN;
  if (!Number.isSafeInteger(amount)) throw new NotificationRejected('totalAmount is not integer grosze');
  return {
    providerOrderId: order.orderId,
    paymentId: order.extOrderId,
    status,
    amountGrosze: amount,
    currency: typeof order.currencyCode === 'string' ? order.currencyCode : '',
  };
}

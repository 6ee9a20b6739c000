import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  NotificationRejected,
  type PaymentNotification,
  type ProviderOrderStatus,
  type SavedCard,
} from './payment-provider.port';
import type { SandboxOrder } from './sandbox-orders';

/**
 * Signature header (PayU's shape): `OpenPayu-Signature: sender=sandbox;signature=<hex>;algorithm=HMAC-SHA256;
 * content=DOCUMENT`, the HMAC-SHA256 of the raw body with a per-install secret.
 */
const SANDBOX_SIGNATURE_HEADER = 'openpayu-signature';

export type SendNotification = (
  url: string,
  body: string,
  headers: Record<string, string>,
) => Promise<number>;

export const fetchSend: SendNotification = async (url, body, headers) => {
  const res = await fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(10_000) });
  await res.arrayBuffer().catch(() => undefined);
  return res.status;
};

export const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

/** the `OpenPayu-Signature` header checked against the body, then the order's fields */
export function parseSandboxNotification(
  secret: string,
  rawBody: Buffer,
  headers: Record<string, string | undefined>,
): PaymentNotification {
  const header = headers[SANDBOX_SIGNATURE_HEADER];
  if (!header) throw new NotificationRejected('missing OpenPayu-Signature header');
  const parts = Object.fromEntries(
    header.split(';').map((part) => {
      const [key, ...value] = part.split('=');
      return [key!.trim(), value.join('=').trim()];
    }),
  );
  if (parts.algorithm !== 'HMAC-SHA256') throw new NotificationRejected('unsupported signature algorithm');
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
  const statuses: ProviderOrderStatus[] = ['PENDING', 'WAITING_FOR_CONFIRMATION', 'COMPLETED', 'CANCELED'];
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
}

/** the notification job: POST the signed order status; throws (retry) until answered 2xx */
export async function deliverSandboxNotification(
  deps: { secret: string; send: SendNotification },
  order: SandboxOrder,
): Promise<void> {
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
  const status = await deps.send(order.notifyUrl, body, {
    'content-type': 'application/json',
    [SANDBOX_SIGNATURE_HEADER]: `sender=sandbox;signature=${sign(deps.secret, body)};algorithm=HMAC-SHA256;content=DOCUMENT`,
  });
  if (status < 200 || status >= 300) throw new Error(`notify ${order.notifyUrl} answered ${status}`);
}

import { randomBytes } from 'node:crypto';
import {
  payWithSandboxCard,
  settleSandboxOrder,
  type CardOutcome,
  type SandboxStores,
} from './sandbox-orders';

/**
 * What the payer does on the sandbox's hosted checkout page (sandbox-checkout.routes.ts): pay with a test card,
 * confirm a card-form token, pass or fail 3-D Secure, abandon.
 */

/** the card form was submitted */
export async function payOnSandboxPage(
  deps: SandboxStores,
  orderId: string,
  input: { number: string; expiry: string; cvc: string },
): Promise<CardOutcome> {
  const order = await deps.orders.get(orderId);
  if (!order) return { kind: 'invalid', message: 'Nie znaleziono zamówienia.' };
  if (order.status !== 'PENDING') return { kind: 'invalid', message: 'To zamówienie jest już rozliczone.' };
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d{16}$/.test(number)) return { kind: 'invalid', message: 'Numer karty musi mieć 16 cyfr.' };
  if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(input.expiry.trim()))
    return { kind: 'invalid', message: 'Podaj datę ważności w formacie MM/RR.' };
  if (!/^\d{3}$/.test(input.cvc.trim())) return { kind: 'invalid', message: 'Kod CVC ma 3 cyfry.' };
  const [mm, yy] = input.expiry.trim().split('/');
  return payWithSandboxCard(deps, order, number, `${mm}/20${yy}`);
}

/** the card form's single-use token for a card (what a provider's browser card form returns) */
export async function tokenizeSandboxCard(
  deps: SandboxStores,
  input: { number: string; expiry: string },
): Promise<string> {
  const token = `TOK_SANDBOX_${randomBytes(12).toString('hex').toUpperCase()}`;
  await deps.tokens.insert({
    _id: token,
    number: input.number.replace(/\D/g, ''),
    expiry: input.expiry,
    used: false,
  });
  return token;
}

/** the payer confirms, on the page, the payment with the card the token stands for */
export async function payWithSandboxToken(deps: SandboxStores, orderId: string): Promise<CardOutcome> {
  const order = await deps.orders.get(orderId);
  if (!order?.cardToken || order.status !== 'PENDING')
    return { kind: 'invalid', message: 'To zamówienie nie czeka na płatność zapisaną kartą.' };
  const token = await deps.tokens.get(order.cardToken);
  if (!token || token.used)
    return {
      kind: 'declined',
      order: await settleSandboxOrder(deps, order, 'CANCELED', null, 'card token invalid or used'),
    };
  await deps.tokens.update({ ...token, used: true }, { expectedRevision: token._rev });
  return payWithSandboxCard(deps, order, token.number, token.expiry);
}

/** the payer abandons the payment on the page */
export async function abandonSandboxOrder(deps: SandboxStores, orderId: string): Promise<CardOutcome> {
  const order = await deps.orders.get(orderId);
  if (!order || order.status !== 'PENDING')
    return { kind: 'invalid', message: 'To zamówienie jest już rozliczone.' };
  return {
    kind: 'declined',
    order: await settleSandboxOrder(deps, order, 'CANCELED', null, 'abandoned by the payer'),
  };
}

/** the 3-D Secure step was confirmed or rejected */
export async function confirmSandbox3ds(
  deps: SandboxStores,
  orderId: string,
  approve: boolean,
): Promise<CardOutcome> {
  const order = await deps.orders.get(orderId);
  if (!order || order.status !== 'PENDING' || !order.pendingCardNumber)
    return { kind: 'invalid', message: 'To zamówienie nie czeka na potwierdzenie.' };
  const [number, expiry] = order.pendingCardNumber.split('|') as [string, string];
  return approve
    ? { kind: 'completed', order: await settleSandboxOrder(deps, order, 'COMPLETED', { number, expiry }) }
    : {
        kind: 'declined',
        order: await settleSandboxOrder(deps, order, 'CANCELED', null, '3-D Secure rejected'),
      };
}

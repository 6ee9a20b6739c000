import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_CARDS, type CardOutcome, type SandboxOrder } from './sandbox-orders';
import { SANDBOX_CHECKOUT_PATH, type SandboxPayments } from './sandbox-payment-provider';
import { formatPln } from '@punkto/contracts/polish-number';

/**
 * The sandbox's hosted checkout (what PayU's payment page is in production), served by this service through
 * the gateway under /api/v1/payments/sandbox/checkout/{orderId}: plain HTML, Polish, no scripts; a test card
 * form, a 3-D Secure confirmation step, and back to the shop's continueUrl. The order id is an unguessable
 * token; the page shows no personal data. Its referrer policy is `same-origin` (the gateway's default is
 * `no-referrer`, with which a browser sends `Origin: null` on a form POST, which the CSRF check refuses).
 */
const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const pln = formatPln;
const spaced = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');

function page(title: string, body: string) {
  return `<!doctype html><html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${esc(title)} — Punkto Sandbox</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;padding:24px;color:#1f2933}
main{max-width:440px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.badge{display:inline-block;background:#fff3bf;color:#8a5a00;border-radius:6px;padding:2px 8px;font-size:13px}
label{display:block;margin:14px 0 4px;font-weight:600}input{width:100%;box-sizing:border-box;padding:10px;font-size:16px;border:1px solid #c4c9d0;border-radius:8px}
.row{display:flex;gap:12px}.row>div{flex:1}button{margin-top:18px;width:100%;padding:12px;font-size:16px;border:0;border-radius:8px;background:#1c7ed6;color:#fff;cursor:pointer}
button.secondary{background:#e9ecef;color:#1f2933}.error{color:#c92a2a;margin-top:12px}.cards{font-size:13px;color:#52606d}code{white-space:nowrap}</style></head>
<body><main>${body}</main></body></html>`;
}

const cancelForm = (order: SandboxOrder) =>
  `<form method="post" action="${SANDBOX_CHECKOUT_PATH}/${esc(order._id)}/cancel"><button type="submit" class="secondary">Anuluj płatność</button></form>`;

function checkoutForm(order: SandboxOrder, error?: string) {
  const title = order.amountGrosze === 0 ? 'Weryfikacja karty' : `Zapłać ${pln(order.amountGrosze)}`;
  if (order.cardToken)
    return page(
      title,
      `<p class="badge">Środowisko testowe — żadne pieniądze nie zostaną pobrane</p>
<h1>${esc(title)}</h1><p>${esc(order.description)}</p><p>Płatność kartą podaną w formularzu sklepu.</p>
<form method="post" action="${SANDBOX_CHECKOUT_PATH}/${esc(order._id)}/token"><button type="submit">${esc(title)}</button></form>
${cancelForm(order)}`,
    );
  return page(
    title,
    `<p class="badge">Środowisko testowe — żadne pieniądze nie zostaną pobrane</p>
<h1>${esc(title)}</h1><p>${esc(order.description)}</p>
<form method="post" action="${SANDBOX_CHECKOUT_PATH}/${esc(order._id)}">
<label for="cardNumber">Numer karty</label><input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="off" required>
<div class="row"><div><label for="expiry">Ważna do (MM/RR)</label><input id="expiry" name="expiry" placeholder="12/30" required></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" maxlength="3" required></div></div>
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<button type="submit">${order.amountGrosze === 0 ? 'Zweryfikuj kartę' : `Zapłać ${esc(pln(order.amountGrosze))}`}</button></form>
${cancelForm(order)}
<div class="cards"><p>Karty testowe (dowolna przyszła data i CVC):</p><ul>
<li><code>${spaced(SANDBOX_CARDS.success)}</code> — płatność udana</li>
<li><code>${spaced(SANDBOX_CARDS.declined)}</code> — karta odrzucona</li>
<li><code>${spaced(SANDBOX_CARDS.threeDSecure)}</code> — wymaga potwierdzenia 3-D Secure</li>
<li><code>${spaced(SANDBOX_CARDS.renewalsDeclined)}</code> — udana, ale odnowienia tą kartą są odrzucane</li></ul></div>`,
  );
}

function threeDsPage(order: SandboxOrder) {
  return page(
    '3-D Secure',
    `<p class="badge">Środowisko testowe</p><h1>Potwierdź płatność w banku</h1>
<p>Bank prosi o potwierdzenie płatności ${esc(pln(order.amountGrosze))}: ${esc(order.description)}.</p>
<form method="post" action="${SANDBOX_CHECKOUT_PATH}/${esc(order._id)}/3ds"><input type="hidden" name="decision" value="approve">
<button type="submit">Potwierdzam</button></form>
<form method="post" action="${SANDBOX_CHECKOUT_PATH}/${esc(order._id)}/3ds"><input type="hidden" name="decision" value="reject">
<button type="submit" class="secondary">Odrzuć</button></form>`,
  );
}

/** an order no longer payable: paid, or cancelled (declined, abandoned, given up by the shop — nothing taken) */
function settledPage(order: SandboxOrder) {
  const back = `<p><a href="${esc(order.continueUrl)}">Wróć do Punkto</a></p>`;
  return order.status === 'CANCELED'
    ? page(
        'Zamówienie anulowane',
        `<h1>To zamówienie zostało anulowane</h1><p>Nie można go już opłacić i nic nie zostało pobrane.</p>${back}`,
      )
    : page('Zamówienie opłacone', `<h1>To zamówienie jest już opłacone</h1>${back}`);
}

const notFound = (reply: FastifyReply) =>
  reply
    .status(404)
    .type('text/html; charset=utf-8')
    .send(page('Nie znaleziono', '<h1>Nie znaleziono zamówienia</h1>'));

/** where the payer goes after a card step: the 3-D Secure page, or back to the shop */
const finish = (reply: FastifyReply, outcome: CardOutcome) => {
  if (outcome.kind === 'invalid') return null;
  if (outcome.kind === 'three_d_secure')
    return reply.type('text/html; charset=utf-8').send(threeDsPage(outcome.order));
  // back to the shop like PayU: the shop learns the outcome from the notification, not from this redirect
  const url = new URL(outcome.order.continueUrl);
  if (outcome.kind === 'declined') url.searchParams.set('error', '501');
  return reply.redirect(url.toString(), 303);
};

/** the checkout page of an order: the card form, the 3-D Secure step, or "already settled" */
const showCheckout =
  (sandbox: SandboxPayments) =>
  async (request: FastifyRequest<{ Params: { orderId: string } }>, reply: FastifyReply) => {
    const order = await sandbox.order(request.params.orderId);
    if (!order) return notFound(reply);
    if (order.status !== 'PENDING') return reply.type('text/html; charset=utf-8').send(settledPage(order));
    if (order.pendingCardNumber) return reply.type('text/html; charset=utf-8').send(threeDsPage(order));
    return reply.type('text/html; charset=utf-8').send(checkoutForm(order));
  };

export async function sandboxCheckoutRoutes(app: FastifyInstance, sandbox: SandboxPayments) {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get<{ Params: { orderId: string } }>(`${SANDBOX_CHECKOUT_PATH}/:orderId`, showCheckout(sandbox));

    scope.post<{ Params: { orderId: string }; Body: Record<string, string> }>(
      `${SANDBOX_CHECKOUT_PATH}/:orderId`,
      async (request, reply) => {
        const body = request.body ?? {};
        const outcome = await sandbox.pay(request.params.orderId, {
          number: String(body.cardNumber ?? ''),
          expiry: String(body.expiry ?? ''),
          cvc: String(body.cvc ?? ''),
        });
        if (outcome.kind === 'invalid') {
          const order = await sandbox.order(request.params.orderId);
          if (!order) return notFound(reply);
          // paid or cancelled meanwhile (another tab, the shop gave the order up): no card form to fill in
          if (order.status !== 'PENDING')
            return reply.status(409).type('text/html; charset=utf-8').send(settledPage(order));
          return reply
            .status(400)
            .type('text/html; charset=utf-8')
            .send(checkoutForm(order, outcome.message));
        }
        return finish(reply, outcome);
      },
    );

    scope.post<{ Params: { orderId: string } }>(
      `${SANDBOX_CHECKOUT_PATH}/:orderId/token`,
      async (request, reply) => {
        const outcome = await sandbox.payWithToken(request.params.orderId);
        if (outcome.kind === 'invalid') return notFound(reply);
        return finish(reply, outcome);
      },
    );

    scope.post<{ Params: { orderId: string } }>(
      `${SANDBOX_CHECKOUT_PATH}/:orderId/cancel`,
      async (request, reply) => {
        const outcome = await sandbox.abandon(request.params.orderId);
        if (outcome.kind === 'invalid') return notFound(reply);
        return finish(reply, outcome);
      },
    );

    scope.post<{ Params: { orderId: string }; Body: Record<string, string> }>(
      `${SANDBOX_CHECKOUT_PATH}/:orderId/3ds`,
      async (request, reply) => {
        const outcome = await sandbox.confirm3ds(
          request.params.orderId,
          request.body?.decision === 'approve',
        );
        if (outcome.kind === 'invalid') return notFound(reply);
        return finish(reply, outcome);
      },
    );
  });
}

import { CardStreamEvents } from '@punkto/contracts/customers';
import * as api from '@punkto/contracts/endpoints/customers';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { CardLedger } from '../cards/card-ledger';
import { myCard, myCards, myHistory, myOverview } from '../cards/customer-queries';

/** How long changes of one customer's cards are gathered before they are sent (several events, one push). */
const COALESCE_MS = 20;

/**
 * The customer portal (role customer, own cards only) and its live updates.
 *
 * GET /customers/my-cards/stream is server-sent events: `cards` (the full list) on connect, then `card`
 * each time one of the customer's cards changes — pushed by the card projector's in-process notification
 * (CardChanges), which every replica receives because each tails the shared event store — and a comment
 * line every SSE_HEARTBEAT_MS so that proxies keep the connection open.
 */
export function customerRoutes(app: FastifyInstance, ledger: CardLedger, options: { heartbeatMs: number }) {
  registerEndpoint(app, api.myCards, async ({ request }) => ({
    items: await myCards(ledger, request.user!.id),
  }));

  registerEndpoint(app, api.myOverview, async ({ request }) => myOverview(ledger, request.user!.id));

  registerEndpoint(app, api.myHistory, async ({ query, request }) =>
    myHistory(ledger, request.user!.id, query),
  );

  const streams = new Set<ServerResponse>();
  // open streams would keep `close()` waiting: end them first (clients reconnect to another instance)
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });

  registerEndpoint(app, api.myCardsStream, async ({ request, reply }) => {
    const userId = request.user!.id;
    const raw = reply.raw;
    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    streams.add(raw);
    let open = true;
    const send = (event: string, data: unknown) => {
      if (open) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };

    const changed = new Set<string>();
    let timer: NodeJS.Timeout | undefined;
    const flush = async () => {
      timer = undefined;
      const cardIds = [...changed];
      changed.clear();
      for (const cardId of cardIds) {
        const card = await myCard(ledger, userId, cardId);
        if (card) send(CardStreamEvents.card, card);
      }
    };
    // subscribe before the snapshot, so a change in between is sent after it rather than lost
    const unsubscribe = ledger.changes.subscribe(userId, (cardId) => {
      changed.add(cardId);
      timer ??= setTimeout(() => {
        flush().catch((error: unknown) => request.log.error({ err: error }, 'live card update failed'));
      }, COALESCE_MS);
    });
    const heartbeat = setInterval(() => open && raw.write(': heartbeat\n\n'), options.heartbeatMs);
    raw.on('close', () => {
      open = false;
      streams.delete(raw);
      clearInterval(heartbeat);
      clearTimeout(timer);
      unsubscribe();
    });

    raw.write('retry: 3000\n\n');
    try {
      send(CardStreamEvents.snapshot, { items: await myCards(ledger, userId) });
    } catch (error) {
      request.log.error({ err: error }, 'live card stream failed to start');
      raw.end();
    }
    return undefined;
  });
}

import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_REPLAY_HEADER,
} from '@punkto/contracts/cards';
import * as api from '@punkto/contracts/endpoints/cards';
import { Permissions, Roles } from '@punkto/contracts/permissions';
import { lookupE164, PhoneMessages } from '@punkto/contracts/phone';
import { ValidationError } from '@punkto/platform/errors/errors';
import { hasPermission, type AuthUser } from '@punkto/platform/http/auth-plugin';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IssuedCard } from './card';
import { CardNotFoundError } from './card.errors';
import { addStamps, earnPoints } from './card-award';
import { adjustBalance, voidEntry } from './card-corrections';
import type { Actor, CardLedger } from './card-ledger';
import {
  issuedCard,
  lookupCard,
  searchCards,
  staffHistory,
  staffView,
  type CardSearch,
} from './card-queries';
import { redeemReward } from './card-redeem';
import { redeemBirthdayReward } from '../birthdays/birthday-redeem';
import { regenerateCard } from './card-regenerate';
import { keyRequiredError, requestFingerprint } from './idempotency';

const isStaff = (user: AuthUser) => user.role === Roles.owner || user.role === Roles.employee;

/**
 * Tenant isolation: a card of another tenant answers exactly as a number nobody holds (404), never data —
 * a 403 would tell an outsider that the number is someone's card (issue 15, finding 6).
 */
function assertSameTenant(user: AuthUser, card: IssuedCard) {
  if (user.tenantId !== card.tenantId) throw new CardNotFoundError();
}

const actorOf = (request: FastifyRequest): Actor => ({
  userId: request.user!.id,
  role: request.user!.role,
  tenantId: request.user!.tenantId ?? null,
  requestId: request.id,
});

/** Runs a card command once per Idempotency-Key (idempotency.ts); marks replayed answers. */
async function idempotent<T>(
  ledger: CardLedger,
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
  execute: (commandId: string) => Promise<T>,
): Promise<T> {
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw keyRequiredError();
  // the scan time of an offline replay is not part of the request's identity: the same award tried live
  // (and maybe booked, its answer lost) and then replayed from the queue is one request (ADR 0048)
  const { scannedAt: _scannedAt, ...identity } = (body ?? {}) as Record<string, unknown>;
  const fingerprint = requestFingerprint(request.method, request.url.split('?')[0]!, identity);
  const cardId = (request.params as { id: string }).id;
  const { body: result, replayed } = await ledger.keys.run(
    { userId: request.user!.id, key, cardId, fingerprint },
    execute,
  );
  if (replayed) reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
  return result;
}

/**
 * The owner's name for the card histories, as identity signed it in the owner's own token (tenant-copies.ts
 * ownerNamed): written when it is new or changed, remembered per process so an owner's awards add no write. A
 * failed write costs the history the name, never the owner's request.
 */
function learnOwnerNames(app: FastifyInstance, ledger: CardLedger) {
  const known = new Map<string, string>();
  app.addHook('preHandler', async (request) => {
    const user = request.user;
    if (user?.role !== Roles.owner || !user.tenantId || !user.name) return;
    const key = `${user.tenantId}:${user.id}`;
    if (known.get(key) === user.name) return;
    try {
      await ledger.copies.ownerNamed(user.tenantId, user.id, user.name);
      if (known.size >= 10_000) known.clear();
      known.set(key, user.name);
    } catch (error) {
      request.log.warn({ err: error }, 'the owner’s name was not kept for the card history');
    }
  });
}

export function cardRoutes(app: FastifyInstance, ledger: CardLedger) {
  learnOwnerNames(app, ledger);
  registerEndpoint(app, api.getCard, async ({ query, request }) => {
    const card = await lookupCard(ledger, query, request.user!.tenantId ?? null);
    assertSameTenant(request.user!, card);
    return staffView(ledger, card);
  });

  registerEndpoint(app, api.searchCards, async ({ query, request }) => {
    let by: CardSearch;
    if (query.name !== undefined) by = { name: query.name };
    else if (query.phone !== undefined) {
      // whatever form staff typed (+380 …, 00380 …, 380 …, a Polish 9 digits): the E.164 the copies hold
      const phone = lookupE164(query.phone);
      if (!phone) throw new ValidationError({ 'query.phone': [PhoneMessages.format] });
      by = { phone };
    } else by = { email: query.email! };
    return { items: await searchCards(ledger, request.user!.tenantId!, by) };
  });

  registerEndpoint(app, api.pointsFromAmount, async ({ params, body, request, reply }) =>
    idempotent(ledger, request, reply, body, (commandId) =>
      earnPoints(ledger, { cardId: params.id, ...body, actor: actorOf(request), commandId }),
    ),
  );

  registerEndpoint(app, api.addStamps, async ({ params, body, request, reply }) =>
    idempotent(ledger, request, reply, body, (commandId) =>
      addStamps(ledger, {
        cardId: params.id,
        count: body.count,
        scannedAt: body.scannedAt,
        actor: actorOf(request),
        commandId,
      }),
    ),
  );

  registerEndpoint(app, api.redeemReward, async ({ params, body, request, reply }) =>
    idempotent(ledger, request, reply, body, (commandId) =>
      redeemReward(ledger, {
        cardId: params.id,
        rewardId: body.rewardId,
        actor: actorOf(request),
        commandId,
      }),
    ),
  );

  birthdayRewardRoute(app, ledger);

  registerEndpoint(app, api.cardHistory, async ({ params, query, request }) => {
    const card = await issuedCard(ledger, params.id);
    assertSameTenant(request.user!, card);
    return staffHistory(ledger, card, query);
  });

  registerEndpoint(app, api.voidEntry, async ({ params, body, request, reply }) =>
    idempotent(ledger, request, reply, body, (commandId) =>
      voidEntry(ledger, { cardId: params.id, ...body, actor: actorOf(request), commandId }),
    ),
  );

  registerEndpoint(app, api.adjustBalance, async ({ params, body, request, reply }) =>
    idempotent(ledger, request, reply, body, (commandId) =>
      adjustBalance(ledger, { cardId: params.id, ...body, actor: actorOf(request), commandId }),
    ),
  );

  registerEndpoint(app, api.regenerateCard, async ({ params, request, reply }) => {
    const user = request.user!;
    // the card's holder, or staff of its company with the permission (checked on the card: card-access.ts)
    const access = { staff: isStaff(user), permitted: hasPermission(user, Permissions.cardsRegenerate) };
    return idempotent(ledger, request, reply, null, (commandId) =>
      regenerateCard(ledger, { cardId: params.id, actor: actorOf(request), access, commandId }),
    );
  });
}

/** the birthday reward given out at the till (ADR 0058) */
function birthdayRewardRoute(app: FastifyInstance, ledger: CardLedger) {
  registerEndpoint(app, api.redeemBirthdayReward, async ({ params, request, reply }) =>
    idempotent(ledger, request, reply, {}, (commandId) =>
      redeemBirthdayReward(ledger, { cardId: params.id, actor: actorOf(request), commandId }),
    ),
  );
}

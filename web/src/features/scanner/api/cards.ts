import { IDEMPOTENCY_KEY_HEADER, type CardView } from '@punkto/contracts/cards';
import * as endpoints from '@punkto/contracts/endpoints/cards';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/api-client';
import { isApiError, NetworkApiError } from '../../../lib/api/api-errors';
import type { QueuedAward, ReplayAnswer } from '../offline/offline-queue';
import type { LookupQuery } from '../utils/scanner-input';

export const scannerQueryKey = ['scanner'] as const;
export const cardQueryKey = (cardId: string) => [...scannerQueryKey, 'card', cardId] as const;

/** GET /cards by number or QR payload (one card). */
export function lookupCard(
  query: Extract<LookupQuery, { kind: 'number' | 'qr' }>,
  signal?: AbortSignal,
): Promise<CardView> {
  const params = query.kind === 'number' ? { humanReadableId: query.humanReadableId } : { qr: query.qr };
  return api.call(endpoints.getCard, { query: params, signal });
}

/** GET /cards/search by phone, e-mail or name (the clients' cards in this company). */
export function searchCards(
  query: Extract<LookupQuery, { kind: 'phone' | 'email' | 'name' }>,
  signal?: AbortSignal,
): Promise<CardView[]> {
  const { kind: _kind, ...params } = query;
  return api.call(endpoints.searchCards, { query: params, signal }).then((r) => r.items);
}

/** The open card, refreshed from GET /cards?cardId=… (seeded by the lookup that found it). */
export function cardQueryOptions(cardId: string) {
  return queryOptions({
    queryKey: cardQueryKey(cardId),
    queryFn: ({ signal }) => api.call(endpoints.getCard, { query: { cardId }, signal }),
  });
}

export type CardCommand =
  | { kind: 'amount'; amountGrosze: number; serviceId?: string | undefined }
  | { kind: 'stamps'; count: number }
  | { kind: 'redeem'; rewardId: string }
  | { kind: 'birthday' };

/**
 * A card command with the caller's Idempotency-Key (one key per intended action, reused on a retry). The
 * open card is replaced by the card in the answer.
 */
export function useCardCommand(cardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // always run: without a connection the call fails at once and the award goes to the offline queue
    // (react-query's default would hold it, paused, while the browser says it is offline)
    networkMode: 'always',
    mutationFn: ({ command, idempotencyKey }: { command: CardCommand; idempotencyKey: string }) => {
      const options = { params: { id: cardId }, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } };
      switch (command.kind) {
        case 'amount':
          return api.call(endpoints.pointsFromAmount, {
            ...options,
            body: command.serviceId
              ? { amountGrosze: command.amountGrosze, serviceId: command.serviceId }
              : { amountGrosze: command.amountGrosze },
          });
        case 'stamps':
          return api.call(endpoints.addStamps, { ...options, body: { count: command.count } });
        case 'redeem':
          return api.call(endpoints.redeemReward, { ...options, body: { rewardId: command.rewardId } });
        case 'birthday':
          return api.call(endpoints.redeemBirthdayReward, options);
      }
    },
    onSuccess: (response) => queryClient.setQueryData(cardQueryKey(cardId), response.card),
  });
}

/** fetch itself failed: no connection (not an answer of the server) */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof NetworkApiError;
}

/**
 * One queued award, sent again with the Idempotency-Key it was queued with. Never throws: a failure is an
 * answer for the replay to classify (no connection, or the server's status, code and Polish reason).
 */
export async function sendQueuedAward(entry: QueuedAward): Promise<ReplayAnswer> {
  const options = {
    params: { id: entry.cardId },
    headers: { [IDEMPOTENCY_KEY_HEADER]: entry.idempotencyKey },
  };
  try {
    const { award } = entry;
    // when staff made it: the server books a queued award inside the card's scan cooldown (ADR 0048)
    const scannedAt = new Date(entry.queuedAt).toISOString();
    const response =
      award.kind === 'points'
        ? await api.call(endpoints.pointsFromAmount, {
            ...options,
            body: award.serviceId
              ? { amountGrosze: award.amountGrosze, serviceId: award.serviceId, scannedAt }
              : { amountGrosze: award.amountGrosze, scannedAt },
          })
        : await api.call(endpoints.addStamps, { ...options, body: { count: award.count, scannedAt } });
    return { kind: 'ok', card: response.card };
  } catch (error) {
    if (isNetworkFailure(error) || !isApiError(error)) return { kind: 'network' };
    return {
      kind: 'error',
      status: error.status,
      code: error.code ?? null,
      message: error.localizedMessage ?? error.message,
    };
  }
}

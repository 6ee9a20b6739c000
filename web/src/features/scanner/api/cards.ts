import { IDEMPOTENCY_KEY_HEADER, type CardView } from '@punkto/contracts/cards';
import * as endpoints from '@punkto/contracts/endpoints/cards';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/api-client';
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

/** GET /cards/search by phone or e-mail (the customer's cards in this company). */
export function searchCards(
  query: Extract<LookupQuery, { kind: 'phone' | 'email' }>,
  signal?: AbortSignal,
): Promise<CardView[]> {
  const params = query.kind === 'phone' ? { phone: query.phone } : { email: query.email };
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
  | { kind: 'redeem'; rewardId: string };

/**
 * A card command with the caller's Idempotency-Key (one key per intended action, reused on a retry). The
 * open card is replaced by the card in the answer.
 */
export function useCardCommand(cardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
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
      }
    },
    onSuccess: (response) => queryClient.setQueryData(cardQueryKey(cardId), response.card),
  });
}

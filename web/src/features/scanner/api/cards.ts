import {
  CardCommandResponse,
  CardSearchResponse,
  CardView,
  IDEMPOTENCY_KEY_HEADER,
} from '@punkto/contracts/cards';
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
  return api.get('/cards', { query: params, schema: CardView, signal });
}

/** GET /cards/search by phone or e-mail (the customer's cards in this company). */
export function searchCards(
  query: Extract<LookupQuery, { kind: 'phone' | 'email' }>,
  signal?: AbortSignal,
): Promise<CardView[]> {
  const params = query.kind === 'phone' ? { phone: query.phone } : { email: query.email };
  return api.get('/cards/search', { query: params, schema: CardSearchResponse, signal }).then((r) => r.items);
}

/** The open card, refreshed from GET /cards?cardId=… (seeded by the lookup that found it). */
export function cardQueryOptions(cardId: string) {
  return queryOptions({
    queryKey: cardQueryKey(cardId),
    queryFn: ({ signal }) => api.get('/cards', { query: { cardId }, schema: CardView, signal }),
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
      const id = encodeURIComponent(cardId);
      const options = { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }, schema: CardCommandResponse };
      switch (command.kind) {
        case 'amount':
          return api.post(
            `/cards/${id}/points-from-amount`,
            command.serviceId
              ? { amountGrosze: command.amountGrosze, serviceId: command.serviceId }
              : { amountGrosze: command.amountGrosze },
            options,
          );
        case 'stamps':
          return api.post(`/cards/${id}/stamps`, { count: command.count }, options);
        case 'redeem':
          return api.post(`/cards/${id}/redeem-reward`, { rewardId: command.rewardId }, options);
      }
    },
    onSuccess: (response) => queryClient.setQueryData(cardQueryKey(cardId), response.card),
  });
}

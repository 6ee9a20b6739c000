import type { ActivityType } from '@punkto/contracts/card-activity';
import {
  IDEMPOTENCY_KEY_HEADER,
  type AdjustBalanceRequest,
  type VoidEntryRequest,
} from '@punkto/contracts/cards';
import type { AddClientRequest, CreateClientRequest, EditClientRequest } from '@punkto/contracts/clients';
import * as cardEndpoints from '@punkto/contracts/endpoints/cards';
import * as endpoints from '@punkto/contracts/endpoints/tenant';
import {
  IMPORT_BATCH_SIZE,
  type ImportClientsRequest,
  type ImportClientsResponse,
  type ImportRowCells,
} from '@punkto/contracts/client-import';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../../lib/api/api-client';
import { isApiError } from '../../../../lib/api/api-errors';
import type { ClientsApiQuery } from '../utils/clients-search';

export const clientsQueryKey = (tenantId: string) => ['tenants', tenantId, 'clients'] as const;

/** GET /tenants/{id}/get-clients (paged, searchable, sortable); the previous page stays while the next loads. */
export function clientsQueryOptions(tenantId: string, query: ClientsApiQuery) {
  return queryOptions({
    queryKey: [...clientsQueryKey(tenantId), 'list', query] as const,
    queryFn: ({ signal }) => api.call(endpoints.getClients, { params: { id: tenantId }, query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /tenants/{id}/clients/{clientId}. */
export function clientQueryOptions(tenantId: string, clientId: string) {
  return queryOptions({
    queryKey: [...clientsQueryKey(tenantId), 'detail', clientId] as const,
    queryFn: ({ signal }) => api.call(endpoints.getClient, { params: { id: tenantId, clientId }, signal }),
  });
}

/** POST /tenants/{id}/create-client: a new customer account, enrolled at once; they get an e-mail. */
export function useCreateClient(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof CreateClientRequest>) =>
      api.call(endpoints.createClient, { params: { id: tenantId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey(tenantId) }),
  });
}

/** PATCH /tenants/{id}/add-client: an existing customer by e-mail (they get a notice). */
export function useAddClient(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof AddClientRequest>) =>
      api.call(endpoints.addClient, { params: { id: tenantId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey(tenantId) }),
  });
}

/** PATCH /tenants/{id}/clients/{clientId}: staff correct the name and/or phone; answers the client. */
export function useEditClient(tenantId: string, clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof EditClientRequest>) =>
      api.call(endpoints.editClient, { params: { id: tenantId, clientId }, body }),
    onSuccess: (client) => queryClient.setQueryData(clientQueryOptions(tenantId, clientId).queryKey, client),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey(tenantId) }),
  });
}

/** DELETE /tenants/{id}/clients/{clientId}: the client leaves the company (card closed, data deleted). */
export function useRemoveClient(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) =>
      api.call(endpoints.removeClient, { params: { id: tenantId, clientId } }),
    onSuccess: (_answer, clientId) =>
      queryClient.removeQueries({ queryKey: [...clientsQueryKey(tenantId), 'detail', clientId] }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey(tenantId) }),
  });
}

/** GET /cards?clientId=…: the client's loyalty card (404 while the client has none yet). */
export function clientCardQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: ['cards', 'of-client', clientId] as const,
    queryFn: ({ signal }) => api.call(cardEndpoints.getCard, { query: { clientId }, signal }),
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });
}

export type CardHistoryApiQuery = {
  pageNumber: number;
  pageSize: number;
  activityType?: ActivityType | undefined;
  employeeId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

/** GET /cards/{id}/history: the card's history as staff see it (who, what can be voided); pages stay while loading. */
export function cardHistoryQueryOptions(cardId: string, query: CardHistoryApiQuery) {
  return queryOptions({
    queryKey: ['cards', cardId, 'history', query] as const,
    queryFn: ({ signal }) => api.call(cardEndpoints.cardHistory, { params: { id: cardId }, query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** after a correction or an adjustment: the card and its history are read again */
function useRefreshCard(cardId: string, clientId: string) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: ['cards', cardId, 'history'] });
    await queryClient.invalidateQueries({ queryKey: ['cards', 'of-client', clientId] });
  };
}

/**
 * POST /cards/{id}/void: a correction with its reason. The caller keeps one Idempotency-Key per correction it
 * means (a retry after a lost answer voids once); afterwards the card and its history are read again.
 */
export function useVoidEntry(cardId: string, clientId: string) {
  const onSettled = useRefreshCard(cardId, clientId);
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: VoidEntryRequest; idempotencyKey: string }) =>
      api.call(cardEndpoints.voidEntry, {
        params: { id: cardId },
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
    onSettled,
  });
}

/** POST /cards/{id}/adjust: a manual adjustment with its reason (one Idempotency-Key per adjustment meant). */
export function useAdjustBalance(cardId: string, clientId: string) {
  const onSettled = useRefreshCard(cardId, clientId);
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: AdjustBalanceRequest; idempotencyKey: string }) =>
      api.call(cardEndpoints.adjustBalance, {
        params: { id: cardId },
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
    onSettled,
  });
}

/**
 * POST /tenants/{id}/import-clients, batch after batch (ADR 0059): `onBatch` hears each batch's answers, so the
 * progress follows them. A batch whose request fails stops the import (the rows answered so far are kept: a retry
 * of the same file creates nothing twice). The clients list is read again afterwards.
 */
export async function importClientsInBatches(
  tenantId: string,
  request: Omit<ImportClientsRequest, 'rows'> & { rows: ImportRowCells[] },
  onBatch: (results: ImportClientsResponse['results']) => void,
  queryClient: QueryClient,
): Promise<void> {
  try {
    for (let at = 0; at < request.rows.length; at += IMPORT_BATCH_SIZE) {
      const rows = request.rows.slice(at, at + IMPORT_BATCH_SIZE);
      const answer = await api.call(endpoints.importClients, {
        params: { id: tenantId },
        body: { ...request, invite: request.invite ?? false, rows },
      });
      onBatch(answer.results);
    }
  } finally {
    await queryClient.invalidateQueries({ queryKey: clientsQueryKey(tenantId) });
  }
}

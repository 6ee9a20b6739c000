import type { AddClientRequest, CreateClientRequest } from '@punkto/contracts/clients';
import * as cardEndpoints from '@punkto/contracts/endpoints/cards';
import * as endpoints from '@punkto/contracts/endpoints/tenant';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
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

/** GET /cards?clientId=…: the client's loyalty card (404 while the client has none yet). */
export function clientCardQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: ['cards', 'of-client', clientId] as const,
    queryFn: ({ signal }) => api.call(cardEndpoints.getCard, { query: { clientId }, signal }),
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });
}

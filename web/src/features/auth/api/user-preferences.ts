import type { UserPreferences } from '@punkto/contracts/identity';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as endpoints from '@punkto/contracts/endpoints/identity';
import { api } from '../../../lib/api/api-client';

export const userPreferencesQueryKey = ['users', 'preferences'] as const;

/** GET /users/get-user-preferences. */
export function userPreferencesQueryOptions() {
  return queryOptions({
    queryKey: userPreferencesQueryKey,
    queryFn: ({ signal }) => api.call(endpoints.getUserPreferences, { signal }),
  });
}

/** PATCH /users/update-user-preferences (partial); the answer is the full preferences. */
export function useUpdateUserPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<UserPreferences>) => api.call(endpoints.updateUserPreferences, { body }),
    onSuccess: (preferences) => queryClient.setQueryData(userPreferencesQueryKey, preferences),
  });
}

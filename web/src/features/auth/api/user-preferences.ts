import { UserPreferences } from '@punkto/contracts/identity';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/api-client';

export const userPreferencesQueryKey = ['users', 'preferences'] as const;

/** GET /users/get-user-preferences. */
export function userPreferencesQueryOptions() {
  return queryOptions({
    queryKey: userPreferencesQueryKey,
    queryFn: ({ signal }) => api.get('/users/get-user-preferences', { schema: UserPreferences, signal }),
  });
}

/** PATCH /users/update-user-preferences (partial); the answer is the full preferences. */
export function useUpdateUserPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<UserPreferences>) =>
      api.patch('/users/update-user-preferences', body, { schema: UserPreferences }),
    onSuccess: (preferences) => queryClient.setQueryData(userPreferencesQueryKey, preferences),
  });
}

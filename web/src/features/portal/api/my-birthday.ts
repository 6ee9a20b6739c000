import type { Birthday } from '@punkto/contracts/birthdays';
import * as endpoints from '@punkto/contracts/endpoints/customers';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/api-client';
import { portalQueryKey } from './portal';

export const myBirthdayQueryKey = [...portalQueryKey, 'my-birthday'] as const;

/** GET /customers/me/birthday: the day and month the customer gave (ADR 0058), or null. */
export function myBirthdayQueryOptions() {
  return queryOptions({
    queryKey: myBirthdayQueryKey,
    queryFn: ({ signal }) => api.call(endpoints.myBirthday, { signal }),
  });
}

/**
 * PUT (a birthday) or DELETE (null) /customers/me/birthday. The whole portal is refreshed: a birthday reward
 * whose window is on is granted at once and shows on the card.
 */
export function useSaveMyBirthday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (birthday: Birthday | null) => {
      if (birthday) return api.call(endpoints.setMyBirthday, { body: birthday });
      await api.call(endpoints.clearMyBirthday);
      return { birthday: null };
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(myBirthdayQueryKey, answer);
      void queryClient.invalidateQueries({ queryKey: portalQueryKey });
    },
  });
}

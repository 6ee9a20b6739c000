import { useMutation } from '@tanstack/react-query';
import * as endpoints from '@punkto/contracts/endpoints/identity';
import { api } from '../../../lib/api/api-client';
import { authStore } from '../stores/auth-store-instance';

/**
 * PATCH /users/update-user. A new e-mail is only confirmed later (a link goes to the new address); a
 * customer's phone applies at once (and reaches their cards in every company shortly after);
 * the returned profile replaces the one in the auth state.
 */
export function updateUser(body: {
  username?: string | undefined;
  email?: string | undefined;
  /** a customer's phone; '' removes it */
  phone?: string | undefined;
}) {
  return api.call(endpoints.updateUser, { body });
}

export function useUpdateUser() {
  return useMutation({ mutationFn: updateUser, onSuccess: (user) => authStore.userUpdated(user) });
}

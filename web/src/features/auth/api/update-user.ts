import { UserProfile } from '@punkto/contracts/identity';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/api-client';
import { authStore } from '../stores/auth-store-instance';

/**
 * PATCH /users/update-user. A new e-mail is only confirmed later (a link goes to the new address);
 * the returned profile replaces the one in the auth state.
 */
export function updateUser(body: { username?: string | undefined; email?: string | undefined }) {
  return api.patch('/users/update-user', body, { schema: UserProfile });
}

export function useUpdateUser() {
  return useMutation({ mutationFn: updateUser, onSuccess: (user) => authStore.userUpdated(user) });
}

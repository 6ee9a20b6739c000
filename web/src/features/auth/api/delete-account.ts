import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/api-client';

/** DELETE /users/me with the password as confirmation. */
export async function deleteAccount(body: { password: string }) {
  await api.delete('/users/me', { body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}

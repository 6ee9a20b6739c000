import { useMutation } from '@tanstack/react-query';
import * as endpoints from '@punkto/contracts/endpoints/identity';
import { api } from '../../../lib/api/api-client';

/** DELETE /users/me with the password as confirmation. */
export async function deleteAccount(body: { password: string }) {
  await api.call(endpoints.deleteMe, { body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}

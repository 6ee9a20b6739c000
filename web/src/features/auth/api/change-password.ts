import { useMutation } from '@tanstack/react-query';
import * as endpoints from '@punkto/contracts/endpoints/identity';
import { api } from '../../../lib/api/api-client';

/** PATCH /users/change-password. */
export async function changePassword(body: { currentPassword: string; newPassword: string }) {
  await api.call(endpoints.changePassword, { body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

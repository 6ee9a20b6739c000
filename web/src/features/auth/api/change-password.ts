import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/api-client';

/** PATCH /users/change-password. */
export async function changePassword(body: { currentPassword: string; newPassword: string }) {
  await api.patch('/users/change-password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

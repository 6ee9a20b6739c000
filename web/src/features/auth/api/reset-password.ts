import { useMutation } from '@tanstack/react-query';
import * as endpoints from '@punkto/contracts/endpoints/identity';
import { api } from '../../../lib/api/api-client';

/** POST /users/reset-password with the one-time token from the e-mail. */
export function resetPassword(body: { token: string; newPassword: string }) {
  return api.call(endpoints.resetPassword, { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

import { AcceptedResponse } from '@punkto/contracts/identity';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/api-client';

/** POST /users/reset-password with the one-time token from the e-mail. */
export function resetPassword(body: { token: string; newPassword: string }) {
  return api.post('/users/reset-password', body, { schema: AcceptedResponse });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

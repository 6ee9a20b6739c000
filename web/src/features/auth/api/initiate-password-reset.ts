import { AcceptedResponse } from '@punkto/contracts/identity';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/api-client';

/** POST /users/initiate-password-reset (neutral answer whether or not the account exists). */
export function initiatePasswordReset(body: { email: string; captchaToken?: string | undefined }) {
  return api.post('/users/initiate-password-reset', body, { schema: AcceptedResponse });
}

export function useInitiatePasswordReset() {
  return useMutation({ mutationFn: initiatePasswordReset });
}

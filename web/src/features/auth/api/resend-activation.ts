import { AcceptedResponse } from '@punkto/contracts/identity';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/api-client';

/** POST /users/resend-activation (the answer never reveals whether the account exists). */
export function resendActivation(body: { email: string; captchaToken?: string | undefined }) {
  return api.post('/users/resend-activation', body, { schema: AcceptedResponse });
}

export function useResendActivation() {
  return useMutation({ mutationFn: resendActivation });
}

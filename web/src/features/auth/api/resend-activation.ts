import { useMutation } from '@tanstack/react-query';
import * as endpoints from '@punkto/contracts/endpoints/identity';
import { api } from '../../../lib/api/api-client';

/** POST /users/resend-activation (the answer never reveals whether the account exists). */
export function resendActivation(body: { email: string; captchaToken?: string | undefined }) {
  return api.call(endpoints.resendActivation, { body });
}

export function useResendActivation() {
  return useMutation({ mutationFn: resendActivation });
}

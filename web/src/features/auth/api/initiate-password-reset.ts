import { useMutation } from '@tanstack/react-query';
import * as endpoints from '@punkto/contracts/endpoints/identity';
import { api } from '../../../lib/api/api-client';

/** POST /users/initiate-password-reset (neutral answer whether or not the account exists). */
export function initiatePasswordReset(body: { email: string; captchaToken?: string | undefined }) {
  return api.call(endpoints.initiatePasswordReset, { body });
}

export function useInitiatePasswordReset() {
  return useMutation({ mutationFn: initiatePasswordReset });
}

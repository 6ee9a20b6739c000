import { useMutation } from '@tanstack/react-query';
import * as endpoints from '@punkto/contracts/endpoints/identity';
import { api } from '../../../lib/api/api-client';

/** POST /users/resend-email-confirmation: the confirmation link of a pending e-mail change, again. */
export function resendEmailConfirmation() {
  return api.call(endpoints.resendEmailConfirmation);
}

export function useResendEmailConfirmation() {
  return useMutation({ mutationFn: resendEmailConfirmation });
}

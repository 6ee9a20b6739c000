import { AcceptedResponse } from '@punkto/contracts/identity';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/api-client';

/** POST /users/resend-email-confirmation: the confirmation link of a pending e-mail change, again. */
export function resendEmailConfirmation() {
  return api.post('/users/resend-email-confirmation', undefined, { schema: AcceptedResponse });
}

export function useResendEmailConfirmation() {
  return useMutation({ mutationFn: resendEmailConfirmation });
}

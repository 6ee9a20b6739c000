import { createFeedback } from '@punkto/contracts/endpoints/notification';
import type { CreateFeedbackRequest } from '@punkto/contracts/feedback';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/api-client';

/** POST /feedback: the notification service stores the report and e-mails the operators. */
export function sendBugReport(body: CreateFeedbackRequest) {
  return api.call(createFeedback, { body });
}

export function useSendBugReport() {
  return useMutation({ mutationFn: sendBugReport });
}

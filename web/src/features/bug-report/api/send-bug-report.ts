import { CreateFeedbackResponse, type CreateFeedbackRequest } from '@punkto/contracts/feedback';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/api-client';

/** POST /feedback: the notification service stores the report and e-mails the operators. */
export function sendBugReport(body: CreateFeedbackRequest) {
  return api.post('/feedback', body, { schema: CreateFeedbackResponse });
}

export function useSendBugReport() {
  return useMutation({ mutationFn: sendBugReport });
}

import { defineEndpoint } from '../endpoint';
import { CreateFeedbackRequest, CreateFeedbackResponse } from '../feedback';

export const createFeedback = defineEndpoint({
  method: 'post',
  path: '/api/v1/feedback',
  owner: 'notification',
  summary:
    'Zgłoszenie błędu z widżetu (zalogowani): zapisane z kontekstem strony, przeglądarki i użytkownika, wysłane e-mailem do zespołu',
  tags: ['feedback'],
  auth: 'authenticated',
  body: CreateFeedbackRequest,
  response: CreateFeedbackResponse,
  successStatus: 201,
});

import { defineEndpoint } from '../endpoint';
import { CreateFeedbackRequest, CreateFeedbackResponse } from '../feedback';
import { ApplePassParams, PassErrors, PKPASS_CONTENT_TYPE } from '../passes';

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

/** The customer's own card in Apple Wallet (ADR 0012): a signed `.pkpass`; `{x}` is the file name. */
export const createApplePass = defineEndpoint({
  method: 'get',
  path: '/api/v1/cards/{id}/create-apple-pass/{x}',
  owner: 'notification',
  summary: 'Karta klienta w Apple Wallet (.pkpass); {x} to nazwa zapisywanego pliku, zakończona .pkpass',
  tags: ['passes'],
  auth: 'authenticated',
  params: ApplePassParams,
  produces: PKPASS_CONTENT_TYPE,
  // 403 (PASS.NOT_YOUR_CARD: another person's card) is declared for every signed-in call
  errors: [
    { status: 404, codes: ['CARD.NOT_FOUND'] },
    {
      status: 409,
      codes: [PassErrors.cardClosed.code, PassErrors.notReady.code, PassErrors.appleUnavailable.code],
    },
  ],
});

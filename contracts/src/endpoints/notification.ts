import { defineEndpoint, type ErrorAnswer } from '../endpoint';
import { CreateFeedbackRequest, CreateFeedbackResponse } from '../feedback';
import {
  ApplePassParams,
  GooglePassParams,
  GooglePassResponse,
  PassErrors,
  PassHealthResponse,
  PKPASS_CONTENT_TYPE,
} from '../passes';
import { Permissions } from '../permissions';
import { z } from 'zod';
import { inTenant } from './tenant-scope';

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

/**
 * What adding the caller's own card to a wallet can refuse, Apple's or Google's alike but for the wallet being
 * unavailable: a card the caller does not hold (unknown or someone else's) is 404 CARD.NOT_FOUND, the same
 * bytes for both.
 */
function passErrors(walletUnavailable: string): readonly ErrorAnswer[] {
  return [
    { status: 404, codes: ['CARD.NOT_FOUND'] },
    { status: 409, codes: [PassErrors.cardClosed.code, PassErrors.notReady.code, walletUnavailable] },
  ];
}

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
  errors: passErrors(PassErrors.appleUnavailable.code),
});

/** The customer's own card in Google Wallet (ADR 0012): the object is written first, then the save link. */
export const createGooglePass = defineEndpoint({
  method: 'get',
  path: '/api/v1/cards/{id}/create-google-pass/{x}',
  owner: 'notification',
  summary: 'Link zapisujący kartę klienta w Google Wallet; {x} = link',
  tags: ['passes'],
  auth: 'authenticated',
  params: GooglePassParams,
  response: GooglePassResponse,
  errors: passErrors(PassErrors.googleUnavailable.code),
});

/** How the company's wallet passes are doing: installed, removed, updates that failed (ADR 0012). */
export const getPassHealth = defineEndpoint({
  ...inTenant('notification'),
  method: 'get',
  path: '/api/v1/notifications/pass-health/{id}',
  summary: 'Stan kart w portfelach firmy: zainstalowane, usunięte, nieudane aktualizacje',
  tags: ['passes'],
  auth: Permissions.analyticsView,
  params: z.object({ id: z.string().min(1).max(64) }),
  response: PassHealthResponse,
});

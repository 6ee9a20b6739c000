import { defineEndpoint } from '../endpoint';
import { Permissions } from '../permissions';
import {
  MySurveyParticipation,
  SurveyAnswerRequest,
  SurveyAnswerResponse,
  SurveyErrors,
  SurveyResults,
  SurveyResultsQuery,
  SurveySettings,
  SurveyTokenParams,
  SurveyView,
} from '../surveys';
import { inOwnTenant } from './tenant-scope';

const tokenErrors = [
  { status: 404, codes: [SurveyErrors.notFound.code] },
  { status: 409, codes: [SurveyErrors.used.code] },
  { status: 410, codes: [SurveyErrors.expired.code] },
] as const;

/** a static path: matched before `/surveys/{token}` (find-my-way: static segments first) */
export const getMySurveyParticipation = defineEndpoint({
  method: 'get',
  path: '/api/v1/surveys/my-participation',
  owner: 'survey',
  summary:
    'Ankiety po wizytach zalogowanego klienta (firma, data wizyty, termin zaproszenia); bez odpowiedzi, które są anonimowe',
  tags: ['surveys'],
  auth: 'customer',
  response: MySurveyParticipation,
});

export const getSurvey = defineEndpoint({
  method: 'get',
  path: '/api/v1/surveys/{token}',
  owner: 'survey',
  summary: 'Ankieta NPS z jednorazowego linku (bez konta): firma, pytanie, skala 1–10, ważność',
  tags: ['surveys'],
  auth: 'public',
  params: SurveyTokenParams,
  response: SurveyView,
  errors: tokenErrors,
});

export const respondToSurvey = defineEndpoint({
  method: 'post',
  path: '/api/v1/surveys/{token}/respond',
  owner: 'survey',
  summary: 'Anonimowa odpowiedź na ankietę (ocena 1–10, opcjonalny komentarz); link działa raz',
  tags: ['surveys'],
  auth: 'public',
  params: SurveyTokenParams,
  body: SurveyAnswerRequest,
  response: SurveyAnswerResponse,
  successStatus: 201,
  errors: tokenErrors,
});

export const getSurveyResults = defineEndpoint({
  ...inOwnTenant('survey'),
  method: 'get',
  path: '/api/v1/surveys/tenants/{id}/results',
  summary: 'Wyniki NPS firmy (od 5 odpowiedzi): NPS, grupy, trend miesięczny, komentarze',
  tags: ['surveys'],
  auth: Permissions.surveysView,
  query: SurveyResultsQuery,
  response: SurveyResults,
});

export const getSurveySettings = defineEndpoint({
  ...inOwnTenant('survey'),
  method: 'get',
  path: '/api/v1/surveys/tenants/{id}/settings',
  summary: 'Ustawienia ankiet NPS firmy',
  tags: ['surveys'],
  auth: Permissions.surveysView,
  response: SurveySettings,
});

export const updateSurveySettings = defineEndpoint({
  ...inOwnTenant('survey'),
  method: 'put',
  path: '/api/v1/surveys/tenants/{id}/settings',
  summary: 'Zmiana ustawień ankiet NPS (opóźnienie, link do opinii, adres alertów, włączone)',
  tags: ['surveys'],
  auth: Permissions.tenantSettings,
  body: SurveySettings,
  response: SurveySettings,
});

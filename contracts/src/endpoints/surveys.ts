import { defineEndpoint } from '../endpoint';
import { Permissions } from '../permissions';
import {
  SurveyAnswerRequest,
  SurveyAnswerResponse,
  SurveyErrors,
  SurveyResults,
  SurveyResultsQuery,
  SurveySettings,
  SurveyTokenParams,
  SurveyView,
} from '../surveys';
import { TenantIdParams } from '../tenant';

const tokenErrors = [
  { status: 404, codes: [SurveyErrors.notFound.code] },
  { status: 409, codes: [SurveyErrors.used.code] },
  { status: 410, codes: [SurveyErrors.expired.code] },
] as const;

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
  method: 'get',
  path: '/api/v1/surveys/tenants/{id}/results',
  owner: 'survey',
  summary: 'Wyniki NPS firmy (od 5 odpowiedzi): NPS, grupy, trend miesięczny, komentarze',
  tags: ['surveys'],
  auth: Permissions.surveysView,
  tenant: { path: 'id' },
  params: TenantIdParams,
  query: SurveyResultsQuery,
  response: SurveyResults,
});

export const getSurveySettings = defineEndpoint({
  method: 'get',
  path: '/api/v1/surveys/tenants/{id}/settings',
  owner: 'survey',
  summary: 'Ustawienia ankiet NPS firmy',
  tags: ['surveys'],
  auth: Permissions.surveysView,
  tenant: { path: 'id' },
  params: TenantIdParams,
  response: SurveySettings,
});

export const updateSurveySettings = defineEndpoint({
  method: 'put',
  path: '/api/v1/surveys/tenants/{id}/settings',
  owner: 'survey',
  summary: 'Zmiana ustawień ankiet NPS (opóźnienie, link do opinii, adres alertów, włączone)',
  tags: ['surveys'],
  auth: Permissions.tenantSettings,
  tenant: { path: 'id' },
  params: TenantIdParams,
  body: SurveySettings,
  response: SurveySettings,
});

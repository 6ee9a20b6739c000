import { defineEndpoint } from '../endpoint';
import {
  AudienceSize,
  Campaign,
  CampaignDraft,
  CampaignList,
  CampaignParams,
  MessageAudience,
  MessageErrors,
  MyMessagesQuery,
  ReceivedMessageList,
  UnsubscribeResult,
  UnsubscribeTokenParams,
  UnsubscribeView,
} from '../messages';
import { AutomationList, AutomationSettingsInput, Automation } from '../message-automations';
import { Permissions } from '../permissions';
import { inOwnTenant, inTenant } from './tenant-scope';

/** Messages from a company to its customers (issue 21), owned by the notification service. */

export const createCampaign = defineEndpoint({
  ...inOwnTenant('notification'),
  method: 'post',
  path: '/api/v1/notifications/tenants/{id}/campaigns',
  summary:
    'Nowa kampania: tytuł, treść, odbiorcy (wszyscy, segment, program, jeden klient), kanały, termin (cisza nocna 21–8)',
  tags: ['messages'],
  auth: Permissions.messagesSend,
  body: CampaignDraft,
  response: Campaign,
  successStatus: 201,
  errors: [
    { status: 404, codes: [MessageErrors.notFound.code] },
    { status: 409, codes: [MessageErrors.weeklyLimit.code, MessageErrors.duplicate.code] },
    { status: 422, codes: [MessageErrors.noRecipients.code, MessageErrors.sendAtInPast.code] },
  ],
});

export const listCampaigns = defineEndpoint({
  ...inOwnTenant('notification'),
  method: 'get',
  path: '/api/v1/notifications/tenants/{id}/campaigns',
  summary: 'Kampanie firmy (najnowsze najpierw) z raportami dostarczenia i limitem tygodniowym',
  tags: ['messages'],
  auth: Permissions.messagesSend,
  response: CampaignList,
});

export const getCampaign = defineEndpoint({
  ...inTenant('notification'),
  method: 'get',
  path: '/api/v1/notifications/tenants/{id}/campaigns/{campaignId}',
  summary: 'Kampania i jej raport: odbiorcy, wysłane i nieudane w każdym kanale, wypisani',
  tags: ['messages'],
  auth: Permissions.messagesSend,
  params: CampaignParams,
  response: Campaign,
  errors: [{ status: 404, codes: [MessageErrors.notFound.code] }],
});

export const cancelCampaign = defineEndpoint({
  ...inTenant('notification'),
  method: 'post',
  path: '/api/v1/notifications/tenants/{id}/campaigns/{campaignId}/cancel',
  summary: 'Anulowanie zaplanowanej kampanii (do chwili rozpoczęcia wysyłki)',
  tags: ['messages'],
  auth: Permissions.messagesSend,
  params: CampaignParams,
  response: Campaign,
  errors: [
    { status: 404, codes: [MessageErrors.notFound.code] },
    { status: 409, codes: [MessageErrors.alreadyStarted.code] },
  ],
});

export const getAudienceSize = defineEndpoint({
  ...inOwnTenant('notification'),
  method: 'post',
  path: '/api/v1/notifications/tenants/{id}/audience-size',
  summary: 'Do ilu klientów dotrze wiadomość teraz: w Apple Wallet, Google Wallet, e-mailem, nieosiągalni',
  tags: ['messages'],
  auth: Permissions.messagesSend,
  body: MessageAudience,
  response: AudienceSize,
});

export const listMyMessages = defineEndpoint({
  method: 'get',
  path: '/api/v1/notifications/my-messages',
  owner: 'notification',
  summary:
    'Wiadomości od firm, które otrzymał zalogowany klient (najnowsze najpierw, po 200 na stronę: pageNumber od 1, hasMore)',
  tags: ['messages'],
  auth: 'customer',
  query: MyMessagesQuery,
  response: ReceivedMessageList,
});

export const getUnsubscribe = defineEndpoint({
  method: 'get',
  path: '/api/v1/notifications/unsubscribe/{token}',
  owner: 'notification',
  summary: 'Link wypisania z e-maili firmy (bez logowania): firma, zamaskowany adres, stan zgody',
  tags: ['messages'],
  auth: 'public',
  params: UnsubscribeTokenParams,
  response: UnsubscribeView,
  errors: [{ status: 404, codes: [MessageErrors.unsubscribeNotFound.code] }],
});

/**
 * One-click unsubscribe (RFC 8058): the `List-Unsubscribe` header of every campaign e-mail points here and
 * mail clients POST `List-Unsubscribe=One-Click` (application/x-www-form-urlencoded); the page posts JSON `{}`.
 */
export const unsubscribe = defineEndpoint({
  method: 'post',
  path: '/api/v1/notifications/unsubscribe/{token}',
  owner: 'notification',
  summary: 'Wypisanie z e-maili firmy jednym kliknięciem (RFC 8058): wyłącza zgodę na wiadomości e-mail',
  tags: ['messages'],
  auth: 'public',
  params: UnsubscribeTokenParams,
  response: UnsubscribeResult,
  errors: [{ status: 404, codes: [MessageErrors.unsubscribeNotFound.code] }],
});

/** Automatic messages (issue 34, ADR 0060): welcome, reward ready, win-back — settings and their effect. */
export const listAutomations = defineEndpoint({
  ...inOwnTenant('notification'),
  method: 'get',
  path: '/api/v1/notifications/tenants/{id}/automations',
  summary:
    'Wiadomości automatyczne firmy (powitanie, nagroda do odebrania, powrót po nieobecności) i ich skuteczność z 30 dni',
  tags: ['messages'],
  auth: Permissions.messagesSend,
  response: AutomationList,
});

export const saveAutomation = defineEndpoint({
  ...inOwnTenant('notification'),
  method: 'put',
  path: '/api/v1/notifications/tenants/{id}/automations',
  summary: 'Zapis wiadomości automatycznej: włączona, tytuł i treść ({firma}, {nagroda}), kanały, liczba dni',
  tags: ['messages'],
  auth: Permissions.messagesSend,
  body: AutomationSettingsInput,
  response: Automation,
});

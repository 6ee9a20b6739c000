import * as customers from '@punkto/contracts/endpoints/customers';
import * as identity from '@punkto/contracts/endpoints/identity';
import { listMyMessages } from '@punkto/contracts/endpoints/messages';
import { getMySurveyParticipation } from '@punkto/contracts/endpoints/surveys';
import { api } from '../../../lib/api/api-client';
import type { MyDataSources } from './my-data';

/** The export's sources: the signed-in customer's own calls, each parsed by its contract. */
export function myDataSources(signal?: AbortSignal): MyDataSources {
  return {
    profile: () => api.call(identity.me, { signal }),
    preferences: () => api.call(identity.getUserPreferences, { signal }),
    birthday: () => api.call(customers.myBirthday, { signal }),
    cards: () => api.call(customers.myCards, { signal }),
    historyPage: (pageNumber, pageSize) =>
      api.call(customers.myHistory, { query: { pageNumber, pageSize }, signal }),
    messagesPage: (pageNumber) => api.call(listMyMessages, { query: { pageNumber }, signal }),
    surveys: () => api.call(getMySurveyParticipation, { signal }),
  };
}

import { defaultSurveySettings, SurveySettings } from '@punkto/contracts/surveys';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { commandHandler } from '@punkto/platform/es/command-handler';
import type { EventStore } from '@punkto/platform/event-store/event-store.port';
import type { Mailer } from '@punkto/platform/mail/mailer.port';
import type { Logger } from '@punkto/platform/observability/logger';
import { documentPersonKeys } from '@punkto/platform/privacy/person-keys';
import { piiEventStore } from '@punkto/platform/privacy/pii-event-store';
import type { Scheduler } from '@punkto/platform/scheduler/scheduler.port';
import type { Clock } from '@punkto/platform/runtime/service-server';
import { createHash } from 'node:crypto';
import type { SurveyConfig } from '../config';
import { cadenceDecider } from './cadence.decider';
import { createCopies } from './copies';
import { SURVEY_PII_FIELDS, SURVEY_STREAM_PREFIX } from './survey';
import { surveyDecider } from './survey.decider';

/** The anonymous answer as stored: tenant, program, score, comment, week of the visit. Nothing else. */
export type ResponseDoc = {
  _id: string;
  tenantId: string;
  programId: string | null;
  score: number;
  comment: string | null;
  visitWeek: string;
};
/** a one-time link, by the SHA-256 of its token; `surveyId` is dropped once the survey is answered */
export type TokenDoc = {
  _id: string;
  surveyId: string | null;
  expiresAt: string;
  status: 'open' | 'answered';
};
type SettingsDoc = SurveySettings & { _id: string };

export const JobTypes = { deliver: 'survey.deliver', finish: 'survey.finish-answer' } as const;

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('base64url');

export interface SurveyContextDeps {
  eventStore: EventStore;
  documents: DocumentStore;
  scheduler: Scheduler;
  mailer: Mailer;
  config: SurveyConfig;
  logger: Logger;
  clock: Clock;
}

/**
 * Stored settings as the contract answers them: a field saved before its rule was tightened (issue 36: a
 * `reviewUrl` with a space, a quote or `http:`) is normalised if it can be, else falls back to its default,
 * so reading the settings (and answering a survey) never fails on an old value.
 */
export function readableSettings(stored: Record<string, unknown>): SurveySettings {
  const defaults = defaultSurveySettings();
  const read = <K extends keyof SurveySettings>(key: K): SurveySettings[K] => {
    const parsed = SurveySettings.shape[key].safeParse(stored[key]);
    return parsed.success ? (parsed.data as SurveySettings[K]) : defaults[key];
  };
  return {
    enabled: read('enabled'),
    delayHours: read('delayHours'),
    reviewUrl: read('reviewUrl'),
    alertEmail: read('alertEmail'),
  };
}

/** What the survey use cases share: the sealing store, the deciders' handlers, the collections. */
export async function surveyContext(deps: SurveyContextDeps) {
  const keys = documentPersonKeys(deps.documents, deps.clock);
  // the survey's personal link and its answer sealed with a key per survey (shredded when answered)
  const eventStore = piiEventStore(deps.eventStore, keys, {
    streamPrefix: SURVEY_STREAM_PREFIX,
    fields: SURVEY_PII_FIELDS,
  });
  const responses = deps.documents.collection<ResponseDoc>('survey-responses');
  const tokens = deps.documents.collection<TokenDoc>('survey-tokens');
  const settings = deps.documents.collection<SettingsDoc>('survey-settings');
  await responses.ensureIndex({ fields: { tenantId: 1, visitWeek: -1 } });
  await tokens.ensureIndex({ fields: { surveyId: 1 } });
  return {
    ...deps,
    keys,
    eventStore,
    copies: await createCopies(deps.documents, keys),
    surveys: commandHandler(eventStore, surveyDecider),
    cadences: commandHandler(eventStore, cadenceDecider),
    responses,
    tokens,
    async settingsOf(tenantId: string): Promise<SurveySettings> {
      const doc = await settings.get(tenantId);
      return doc ? readableSettings(doc) : defaultSurveySettings();
    },
    async saveSettings(tenantId: string, value: SurveySettings): Promise<SurveySettings> {
      await settings.upsert({ _id: tenantId, ...value });
      return value;
    },
  };
}
export type SurveyContext = Awaited<ReturnType<typeof surveyContext>>;

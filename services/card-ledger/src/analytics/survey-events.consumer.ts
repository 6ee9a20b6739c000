import { SurveyResponseRecordedData } from '@punkto/contracts/integration-events';
import { Topics } from '@punkto/contracts/topics';
import { eventConsumer, payloadParser, type ConsumerContext } from '@punkto/platform/runtime/event-consumer';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import { z } from 'zod';
import type { AnalyticsProjection } from './analytics.projection';

const Envelope = z.object({ id: z.string(), type: z.literal('SurveyResponseRecorded'), data: z.unknown() });

/**
 * survey.surveys.v1 SurveyResponseRecorded → one anonymous answer in `analytics_nps` (NPS over time). Inserted
 * once by responseId, so a redelivery that passed the inbox changes nothing.
 */
export function surveyEventsConsumer(
  projection: AnalyticsProjection,
  context: ConsumerContext,
): ConsumerSpec {
  return eventConsumer({
    groupId: 'card-ledger.survey-events',
    topics: [Topics.surveySurveys],
    schema: Envelope,
    ...context,
    handle: async (envelope) => {
      const answer = payloadParser(context.logger, envelope)(SurveyResponseRecordedData);
      if (answer) await projection.recordAnswer(answer);
    },
  });
}

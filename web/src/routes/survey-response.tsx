import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { SurveyResponsePage } from '../features/surveys/components/survey-response-page';

const searchSchema = z.object({ token: z.string().min(1).optional().catch(undefined) });

/** SPEC §2 /survey-response: the NPS survey from the e-mail link, without an account. */
export const Route = createFileRoute('/survey-response')({
  validateSearch: searchSchema,
  component: SurveyResponseRoute,
});

function SurveyResponseRoute() {
  const { token } = Route.useSearch();
  return <SurveyResponsePage token={token} />;
}

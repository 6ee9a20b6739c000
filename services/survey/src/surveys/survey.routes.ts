import {
  getMySurveyParticipation,
  getSurvey,
  getSurveyResults,
  getSurveySettings,
  respondToSurvey,
  updateSurveySettings,
} from '@punkto/contracts/endpoints/surveys';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import { rateLimiter } from '@punkto/platform/security/rate-limiter';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { myParticipation } from './my-participation';
import { npsResults } from './nps';
import type { surveyAnswers } from './survey-answers';
import type { SurveyContext } from './survey-context';

/**
 * The public survey link (read, answer; rate-limited per IP) and the company's results and settings
 * (`surveys.view` reads; `tenant.settings` changes; another company's staff: 403); the signed-in customer's
 * survey participation (their data export).
 */
export async function surveyRoutes(
  app: FastifyInstance,
  ctx: SurveyContext,
  answers: ReturnType<typeof surveyAnswers>,
) {
  const limiter = rateLimiter(ctx.documents, 'Zbyt wiele prób. Odczekaj minutę i spróbuj ponownie.');
  const rule = { name: 'survey-link-ip', limit: ctx.config.SURVEY_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 };
  const perIp = async (request: FastifyRequest) => limiter.check(ctx.clock(), [rule, request.ip]);

  registerEndpoint(app, getSurvey, async ({ params }) => answers.view(params.token), { rateLimit: perIp });
  registerEndpoint(app, respondToSurvey, async ({ params, body }) => answers.respond(params.token, body), {
    rateLimit: perIp,
  });

  registerEndpoint(app, getSurveyResults, async ({ params, query }) => {
    const filter = query.programId
      ? { tenantId: params.id, programId: query.programId }
      : { tenantId: params.id };
    return npsResults(await ctx.responses.find(filter));
  });
  registerEndpoint(app, getMySurveyParticipation, async ({ request }) =>
    myParticipation(ctx, request.user!.id),
  );
  registerEndpoint(app, getSurveySettings, async ({ params }) => ctx.settingsOf(params.id));
  registerEndpoint(app, updateSurveySettings, async ({ params, body }) => ctx.saveSettings(params.id, body));
}

import { defaultPorts } from '@punkto/contracts/routing';
import { envOriginList, envPort, loadConfig, platformEnv } from '@punkto/platform/config/config';
import { z } from 'zod';

export const SurveyEnv = z.object({
  ...platformEnv,
  PORT: envPort(defaultPorts['survey']),
  /** the product's public base URL (the gateway): the survey links in e-mails */
  PUBLIC_URL: z
    .url()
    .default('http://localhost:8080')
    .transform((v) => v.replace(/\/+$/, '')),
  /** trusted origins for the CSRF check besides the request's own, comma separated */
  CSRF_ALLOWED_ORIGINS: envOriginList,
  /** tests and demos: a survey is due this many seconds after the visit instead of the company's hours */
  SURVEY_DELAY_SECONDS: z.coerce.number().int().min(0).max(172_800).optional(),
  /** how long a survey link can be answered */
  SURVEY_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  /** at most one survey per customer per company in this many days, counted from the visit that triggered it */
  SURVEY_COOLDOWN_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** survey link calls (read and answer) one IP may make per minute (429 RATE_LIMITED above it) */
  SURVEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
});
export type SurveyConfig = z.infer<typeof SurveyEnv>;

export const loadSurveyConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(SurveyEnv, env);

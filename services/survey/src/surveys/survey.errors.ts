import { SurveyErrors } from '@punkto/contracts/surveys';
import { domainError } from '@punkto/platform/errors/errors';

/** an unknown token (or a survey that was never e-mailed): 404 */
export const SurveyNotFoundError = domainError('SurveyNotFoundError', SurveyErrors.notFound);
/** the link was used: 409 */
export const SurveyAlreadyAnsweredError = domainError('SurveyAlreadyAnsweredError', SurveyErrors.used);
/** the link is older than its 7 days: 410 */
export const SurveyExpiredError = domainError('SurveyExpiredError', SurveyErrors.expired);

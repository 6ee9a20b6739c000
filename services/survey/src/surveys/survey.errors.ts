import { SurveyErrors } from '@punkto/contracts/surveys';
import { AppError, ConflictError, NotFoundError } from '@punkto/platform/errors/errors';

/** an unknown token (or a survey that was never e-mailed): 404 */
export class SurveyNotFoundError extends NotFoundError {
  constructor() {
    super(SurveyErrors.notFound.message, SurveyErrors.notFound.code);
  }
}

/** the link was used: 409 */
export class SurveyAlreadyAnsweredError extends ConflictError {
  constructor() {
    super(SurveyErrors.used.message, SurveyErrors.used.code);
  }
}

/** the link is older than its 7 days: 410 */
export class SurveyExpiredError extends AppError {
  constructor() {
    super(410, SurveyErrors.expired.code, SurveyErrors.expired.message);
  }
}

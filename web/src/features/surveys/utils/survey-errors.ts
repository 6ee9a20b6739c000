import { SurveyErrors, type SurveyAnswerResponse } from '@punkto/contracts/surveys';
import { ApiError } from '../../../lib/api/api-errors';

/** What the page says about a link that cannot be answered, by the API's error code. */
export function surveyLinkProblem(code: string | undefined): { title: string; text: string } | null {
  switch (code) {
    case SurveyErrors.used.code:
      return { title: 'Ankieta jest już wypełniona', text: SurveyErrors.used.message };
    case SurveyErrors.expired.code:
      return { title: 'Ankieta wygasła', text: SurveyErrors.expired.message };
    case SurveyErrors.notFound.code:
      return { title: 'Nie znaleziono ankiety', text: SurveyErrors.notFound.message };
    default:
      return null;
  }
}

/**
 * The thank-you for a link this page already sent an answer through: the API says "already answered" when the
 * reply to the first send was lost and the person sent again. The company's review link came with that lost
 * reply, so the thank-you has none (the link is anonymous: nothing else names the company's review page).
 */
export function answeredHere(sent: boolean, error: unknown): SurveyAnswerResponse | null {
  return sent && error instanceof ApiError && error.code === SurveyErrors.used.code
    ? { message: 'Dziękujemy za odpowiedź!', reviewUrl: null }
    : null;
}

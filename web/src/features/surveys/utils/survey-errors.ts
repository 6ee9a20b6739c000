import { SurveyErrors } from '@punkto/contracts/surveys';

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

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/api-errors';
import { answeredHere, surveyLinkProblem } from './survey-errors';

describe('a survey link that cannot be answered', () => {
  it('says apart a used, an expired and an unknown link', () => {
    expect(surveyLinkProblem('SURVEY.ALREADY_ANSWERED')?.title).toBe('Ankieta jest już wypełniona');
    expect(surveyLinkProblem('SURVEY.EXPIRED')?.title).toBe('Ankieta wygasła');
    expect(surveyLinkProblem('SURVEY.NOT_FOUND')?.title).toBe('Nie znaleziono ankiety');
  });
  it('leaves other errors to the general message', () =>
    expect(surveyLinkProblem('NETWORK_ERROR')).toBeNull());
});

describe('"already answered" for an answer this page sent', () => {
  const used = new ApiError({ status: 409, message: 'used', code: 'SURVEY.ALREADY_ANSWERED' });
  it('given this page sent the answer, when the API says the link was used, then it is the thank-you', () =>
    expect(answeredHere(true, used)).toEqual({ message: 'Dziękujemy za odpowiedź!', reviewUrl: null }));
  it('given nothing was sent from this page, then a used link stays a used link', () =>
    expect(answeredHere(false, used)).toBeNull());
  it('given another error, then it is no thank-you', () =>
    expect(
      answeredHere(true, new ApiError({ status: 410, message: 'expired', code: 'SURVEY.EXPIRED' })),
    ).toBeNull());
});

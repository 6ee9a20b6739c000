import { describe, expect, it } from 'vitest';
import { surveyLinkProblem } from './survey-errors';

describe('a survey link that cannot be answered', () => {
  it('says apart a used, an expired and an unknown link', () => {
    expect(surveyLinkProblem('SURVEY.ALREADY_ANSWERED')?.title).toBe('Ankieta jest już wypełniona');
    expect(surveyLinkProblem('SURVEY.EXPIRED')?.title).toBe('Ankieta wygasła');
    expect(surveyLinkProblem('SURVEY.NOT_FOUND')?.title).toBe('Nie znaleziono ankiety');
  });
  it('leaves other errors to the general message', () =>
    expect(surveyLinkProblem('NETWORK_ERROR')).toBeNull());
});

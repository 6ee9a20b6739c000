import { describe, expect, it } from 'vitest';
import {
  AppError,
  ConflictError,
  DomainRuleError,
  domainError,
  isDomainRefusal,
  NotFoundError,
  PermissionDeniedError,
  UnauthenticatedError,
} from './errors';

describe('domainError', () => {
  describe('given a 404 entry of a contract', () => {
    const ProgramNotFoundError = domainError('ProgramNotFoundError', {
      code: 'PROGRAM.NOT_FOUND',
      status: 404,
      message: 'Nie znaleziono programu lojalnościowego.',
    });

    it('when thrown, then it carries the entry status, code, Polish message and its own name', () => {
      const error = new ProgramNotFoundError();

      expect({
        status: error.status,
        code: error.code,
        localizedMessage: error.localizedMessage,
        message: error.message,
        name: error.name,
        className: ProgramNotFoundError.name,
      }).toEqual({
        status: 404,
        code: 'PROGRAM.NOT_FOUND',
        localizedMessage: 'Nie znaleziono programu lojalnościowego.',
        message: 'Nie znaleziono programu lojalnościowego.',
        name: 'ProgramNotFoundError',
        className: 'ProgramNotFoundError',
      });
      expect(String(error)).toBe('ProgramNotFoundError: Nie znaleziono programu lojalnościowego.');
    });

    it('when thrown, then it is an instance of itself, NotFoundError, AppError and Error, and a domain refusal', () => {
      const error = new ProgramNotFoundError();

      expect(error).toBeInstanceOf(ProgramNotFoundError);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(ConflictError);
      expect(isDomainRefusal(error)).toBe(true);
    });
  });

  describe('given entries of each status that has a base class', () => {
    it.each([
      [400, DomainRuleError],
      [401, UnauthenticatedError],
      [403, PermissionDeniedError],
      [404, NotFoundError],
      [409, ConflictError],
    ])('when the status is %i, then the made class extends the base of that status', (status, base) => {
      const Made = domainError('MadeError', { code: 'TEST.CODE', status, message: 'Komunikat.' });

      const error = new Made();

      expect(error).toBeInstanceOf(base);
      expect({ status: error.status, code: error.code, message: error.message }).toEqual({
        status,
        code: 'TEST.CODE',
        message: 'Komunikat.',
      });
    });
  });

  describe('given a status without a base class (410 Gone)', () => {
    const SurveyExpiredError = domainError('SurveyExpiredError', {
      code: 'SURVEY.EXPIRED',
      status: 410,
      message: 'Ankieta wygasła.',
    });

    it('when thrown, then it is a plain AppError with that status', () => {
      const error = new SurveyExpiredError();

      expect(error).toBeInstanceOf(AppError);
      expect(error).not.toBeInstanceOf(NotFoundError);
      expect(error).not.toBeInstanceOf(ConflictError);
      expect({ status: error.status, code: error.code, name: error.name }).toEqual({
        status: 410,
        code: 'SURVEY.EXPIRED',
        name: 'SurveyExpiredError',
      });
    });
  });

  describe('given two classes made from different entries', () => {
    it('when one is thrown, then it is not an instance of the other', () => {
      const A = domainError('AError', { code: 'T.A', status: 409, message: 'A.' });
      const B = domainError('BError', { code: 'T.B', status: 409, message: 'B.' });

      expect(new A()).not.toBeInstanceOf(B);
      expect(new B()).not.toBeInstanceOf(A);
    });
  });
});

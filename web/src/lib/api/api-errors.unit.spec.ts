import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationFailedApiError,
  MaintenanceApiError,
  PermissionDeniedApiError,
  ValidationApiError,
  errorMessage,
  formatValidationErrors,
  toApiError,
} from './api-errors';

const PERMISSION_DENIED_PL =
  'Nie masz uprawnień do wykonania tej operacji. Skontaktuj się z właścicielem konta.';

describe('toApiError — SPEC §8 order', () => {
  it('400 + errors map → validation error with "field: messages" joined by "; "', () => {
    const error = toApiError(
      400,
      { errors: { email: ['Wymagane'], name: ['Za krótkie', 'Niedozwolone znaki'] } },
      '',
    );
    expect(error).toBeInstanceOf(ValidationApiError);
    expect(error.isValidation).toBe(true);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe('email: Wymagane; name: Za krótkie, Niedozwolone znaki');
  });

  it('form-level messages (empty field) are listed without a field prefix', () => {
    expect(formatValidationErrors({ '': ['Hasła nie są zgodne'], email: ['Wymagane'] })).toBe(
      'Hasła nie są zgodne; email: Wymagane',
    );
  });

  it('400 without an errors map is not a validation error', () => {
    const error = toApiError(400, { code: 'CARD.INVALID', localizedMessage: 'Zła karta' }, '');
    expect(error).not.toBeInstanceOf(ValidationApiError);
    expect(error.isValidation).toBe(false);
    expect(error.localizedMessage).toBe('Zła karta');
  });

  it('400 with a malformed errors map falls through to the next rules', () => {
    const error = toApiError(400, { errors: { email: 'not-an-array' }, title: 'Bad request' }, '');
    expect(error).not.toBeInstanceOf(ValidationApiError);
    expect(error.message).toBe('Bad request');
  });

  it('503 + underMaintenance → maintenance error with the server statusUrl', () => {
    const error = toApiError(503, { underMaintenance: true, message: 'x', statusUrl: '/status' }, '');
    expect(error).toBeInstanceOf(MaintenanceApiError);
    expect(error.message).toBe('Application is under maintenance');
    expect((error as MaintenanceApiError).statusUrl).toBe('/status');
    expect(error.localizedMessage).toMatch(/przerwa techniczna/i);
  });

  it('503 + underMaintenance without statusUrl defaults to /status-konserwacji', () => {
    const error = toApiError(503, { underMaintenance: true }, '');
    expect((error as MaintenanceApiError).statusUrl).toBe('/status-konserwacji');
  });

  it('503 without underMaintenance is a plain error', () => {
    const error = toApiError(503, 'Service Unavailable', 'Service Unavailable');
    expect(error).not.toBeInstanceOf(MaintenanceApiError);
    expect(error.message).toBe('Service Unavailable');
  });

  it('403 without a body → PERMISSION_DENIED with the contract message', () => {
    const error = toApiError(403, '', '');
    expect(error).toBeInstanceOf(PermissionDeniedApiError);
    expect(error).toMatchObject({
      status: 403,
      code: 'PERMISSION_DENIED',
      localizedMessage: PERMISSION_DENIED_PL,
      message: PERMISSION_DENIED_PL,
    });
  });

  it("403 with the server's code and localizedMessage keeps them", () => {
    const error = toApiError(
      403,
      { code: 'EMPLOYEE.NO_SCAN', localizedMessage: 'Brak uprawnień do skanowania' },
      '',
    );
    expect(error).toBeInstanceOf(PermissionDeniedApiError);
    expect(error).toMatchObject({
      code: 'EMPLOYEE.NO_SCAN',
      localizedMessage: 'Brak uprawnień do skanowania',
    });
  });

  it('any body with code + localizedMessage is thrown as is', () => {
    const body = {
      code: 'CARD.INSUFFICIENT_POINTS',
      localizedMessage: 'Za mało punktów',
      status: 409,
      traceId: 'abc',
    };
    const error = toApiError(409, body, JSON.stringify(body));
    expect(error.constructor).toBe(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'CARD.INSUFFICIENT_POINTS',
      localizedMessage: 'Za mało punktów',
      message: 'Za mało punktów',
      traceId: 'abc',
      body,
    });
  });

  it('a code without localizedMessage does not count as a coded error', () => {
    const error = toApiError(409, { code: 'X', detail: 'Conflict detail' }, '');
    expect(error.message).toBe('Conflict detail');
    expect(error.code).toBe('X');
  });

  it('title is used, then detail', () => {
    expect(toApiError(404, { title: 'Not Found', detail: 'No card' }, '').message).toBe('Not Found');
    expect(toApiError(404, { detail: 'No card' }, '').message).toBe('No card');
  });

  it('otherwise the body text', () => {
    expect(toApiError(500, 'Internal Server Error', 'Internal Server Error').message).toBe(
      'Internal Server Error',
    );
    expect(toApiError(500, { unknown: true }, '{"unknown":true}').message).toBe('{"unknown":true}');
  });

  it("otherwise 'Request failed with status {n}'", () => {
    expect(toApiError(502, '', '').message).toBe('Request failed with status 502');
    expect(toApiError(500, '  ', '  ').message).toBe('Request failed with status 500');
  });

  it('every error is an ApiError and an Error', () => {
    for (const error of [
      toApiError(400, { errors: {} }, ''),
      toApiError(503, { underMaintenance: true }, ''),
      toApiError(403, '', ''),
      toApiError(500, '', ''),
      new AuthenticationFailedApiError(),
    ]) {
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toBeInstanceOf(Error);
    }
  });
});

describe('errorMessage — display order', () => {
  it('prefers localizedMessage', () => {
    expect(errorMessage(toApiError(409, { code: 'X', localizedMessage: 'Po polsku' }, ''))).toBe('Po polsku');
  });

  it('then the message', () => {
    expect(errorMessage(new Error('Plain message'))).toBe('Plain message');
    expect(errorMessage(toApiError(404, { title: 'Not Found' }, ''))).toBe('Not Found');
  });

  it('works on plain objects (e.g. rejected values from thunks)', () => {
    expect(errorMessage({ localizedMessage: 'Nie udało się' })).toBe('Nie udało się');
    expect(errorMessage({ message: 'fallback' })).toBe('fallback');
  });

  it('then the Polish generic text', () => {
    expect(errorMessage(undefined)).toBe('Wystąpił nieoczekiwany błąd');
    expect(errorMessage(null)).toBe('Wystąpił nieoczekiwany błąd');
    expect(errorMessage(new Error(''))).toBe('Wystąpił nieoczekiwany błąd');
    expect(errorMessage({ localizedMessage: '', message: '' })).toBe('Wystąpił nieoczekiwany błąd');
  });

  it('shows the Polish session-expired text for a failed refresh', () => {
    expect(errorMessage(new AuthenticationFailedApiError())).toBe('Sesja wygasła. Zaloguj się ponownie.');
  });
});

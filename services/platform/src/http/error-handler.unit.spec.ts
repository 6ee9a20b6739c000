import { ErrorCodes, PERMISSION_DENIED_MESSAGE } from '@punkto/contracts/errors';
import { CodedErrorBody, MaintenanceBody, ValidationErrorBody } from '@punkto/contracts/errors';
import { describe, expect, it } from 'vitest';
import {
  ConcurrencyError,
  DomainRuleError,
  DuplicateKeyError,
  MaintenanceError,
  NotFoundError,
  PermissionDeniedError,
  PreconditionFailedError,
  ValidationError,
} from '../errors/errors';
import { toHttpError } from './error-handler';

describe('toHttpError maps errors to the bodies of SPEC §8', () => {
  it('validation → 400 with the errors map', () => {
    const { status, body } = toHttpError(new ValidationError({ email: ['Podaj poprawny adres e-mail.'] }));
    expect(status).toBe(400);
    expect(ValidationErrorBody.parse(body).errors).toEqual({ email: ['Podaj poprawny adres e-mail.'] });
  });

  it('permission denied → 403 PERMISSION_DENIED with the Polish default message', () => {
    const { status, body } = toHttpError(new PermissionDeniedError());
    expect(status).toBe(403);
    expect(body).toMatchObject({ code: 'PERMISSION_DENIED', localizedMessage: PERMISSION_DENIED_MESSAGE });
  });

  it('domain rule → 400 with its own code', () => {
    const { status, body } = toHttpError(new DomainRuleError('CARD.INSUFFICIENT_POINTS', 'Za mało punktów.'));
    expect(status).toBe(400);
    expect(CodedErrorBody.parse(body)).toMatchObject({
      code: 'CARD.INSUFFICIENT_POINTS',
      localizedMessage: 'Za mało punktów.',
    });
  });

  it.each([
    [new NotFoundError(), 404, ErrorCodes.notFound],
    [new ConcurrencyError('card-1', 3, 4), 409, ErrorCodes.concurrency],
    [new DuplicateKeyError('users', 'email'), 409, 'DUPLICATE_KEY'],
    [new PreconditionFailedError(), 412, ErrorCodes.preconditionFailed],
  ])('%s → %i', (error, status, code) => {
    const result = toHttpError(error);
    expect(result.status).toBe(status);
    expect(result.body).toMatchObject({ code });
  });

  it('maintenance → 503 with underMaintenance and the status page', () => {
    const { status, body } = toHttpError(new MaintenanceError());
    expect(status).toBe(503);
    expect(MaintenanceBody.parse(body)).toEqual({
      underMaintenance: true,
      message: 'Application is under maintenance',
      statusUrl: '/status-konserwacji',
    });
  });

  it('unknown errors → 500 that leaks nothing', () => {
    const { status, body } = toHttpError(new Error('SQLITE_CORRUPT at /var/data/secret.db'), 'abc123');
    expect(status).toBe(500);
    expect(JSON.stringify(body)).not.toContain('SQLITE');
    expect(JSON.stringify(body)).not.toContain('secret');
    expect(body).toMatchObject({ code: 'INTERNAL_ERROR', traceId: 'abc123' });
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError, ValidationApiError } from '../api/api-errors';
import { refusalOnField, renameValidationFields } from './field-errors';

describe('server validation errors on form fields', () => {
  it('re-keys contract fields to form fields, keeping unknown keys', () => {
    const error = new ValidationApiError({
      status: 400,
      errors: { 'body.priceGrosze': ['Cena jest za wysoka.'], name: ['Za krótka.'], '': ['Ogólny błąd.'] },
    });
    const renamed = renameValidationFields(error, { priceGrosze: 'price' }) as ValidationApiError;
    expect(renamed).toBeInstanceOf(ValidationApiError);
    expect(renamed.errors).toEqual({
      price: ['Cena jest za wysoka.'],
      name: ['Za krótka.'],
      '': ['Ogólny błąd.'],
    });
  });

  it('leaves other errors alone', () => {
    const error = new ApiError({ status: 409, message: 'x', code: 'SERVICE.DUPLICATE_NAME' });
    expect(renameValidationFields(error, { priceGrosze: 'price' })).toBe(error);
  });
});

describe('known refusals on form fields', () => {
  const taken = new ApiError({
    status: 409,
    code: 'EMPLOYEE.EMAIL_TAKEN',
    message: 'Ten adres e-mail jest już zajęty.',
    localizedMessage: 'Ten adres e-mail jest już zajęty.',
  });

  it('puts a refusal with a known code under its field, with the Polish message', () => {
    const moved = refusalOnField(taken, { 'EMPLOYEE.EMAIL_TAKEN': 'email' }) as ValidationApiError;
    expect(moved).toBeInstanceOf(ValidationApiError);
    expect(moved.status).toBe(409);
    expect(moved.code).toBe('EMPLOYEE.EMAIL_TAKEN');
    expect(moved.errors).toEqual({ email: ['Ten adres e-mail jest już zajęty.'] });
  });

  it('leaves other codes and other errors alone', () => {
    expect(refusalOnField(taken, { 'CLIENT.ALREADY_ENROLLED': 'email' })).toBe(taken);
    const plain = new Error('boom');
    expect(refusalOnField(plain, { 'EMPLOYEE.EMAIL_TAKEN': 'email' })).toBe(plain);
  });
});

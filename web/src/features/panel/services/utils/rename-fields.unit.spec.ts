import { describe, expect, it } from 'vitest';
import { ApiError, ValidationApiError } from '../../../../lib/api/api-errors';
import { renameValidationFields } from './rename-fields';

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

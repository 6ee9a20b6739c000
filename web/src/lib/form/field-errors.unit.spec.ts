import { describe, expect, it } from 'vitest';
import { ApiError, ValidationApiError } from '../api/api-errors';
import { schemaResolver } from '@mantine/form';
import { z } from 'zod';
import {
  errorsByTopField,
  refusalOnField,
  renameValidationFields,
  serverErrorsByField,
} from './field-errors';

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

describe('the errors of useZodForm (@mantine/form with the schema resolver)', () => {
  const schema = z
    .object({
      email: z.email('Podaj poprawny adres e-mail.').min(5, 'Za krótki.'),
      address: z.object({ street: z.string().min(1, 'Podaj ulicę.') }),
      password: z.string(),
      repeat: z.string(),
    })
    .refine((v) => v.password === v.repeat, 'Hasła się różnią.');
  const errorsOf = (values: object) => errorsByTopField(schemaResolver(schema, { sync: true })(values));

  it('shows the first Polish message of each field under its top-level field, a whole-object issue under ""', () => {
    expect(errorsOf({ email: 'x', address: { street: '' }, password: 'a', repeat: 'a' })).toEqual({
      email: 'Podaj poprawny adres e-mail.',
      address: 'Podaj ulicę.',
    });
    expect(
      errorsOf({ email: 'ola@example.pl', address: { street: 'Długa' }, password: 'a', repeat: 'b' }),
    ).toEqual({ '': 'Hasła się różnią.' });
  });

  it('puts a server 400 under the fields it names and the rest in the form error; other errors are not split', () => {
    const error = new ValidationApiError({
      status: 400,
      errors: { 'body.email': ['Adres zajęty.', 'Naprawdę.'], nip: ['Zły NIP.'], '': ['Ogólny błąd.'] },
    });
    expect(serverErrorsByField(error, ['email', 'name'])).toEqual({
      fields: { email: 'Adres zajęty. Naprawdę.' },
      rest: 'Zły NIP. Ogólny błąd.',
    });
    expect(
      serverErrorsByField(new ValidationApiError({ status: 400, errors: { email: ['x'] } }), ['email']),
    ).toEqual({
      fields: { email: 'x' },
      rest: null,
    });
    expect(serverErrorsByField(new ApiError({ status: 500, message: 'boom' }), ['email'])).toBeNull();
  });
});

import { ValidationApiError, errorMessage, isApiError } from '../api/api-errors';

/**
 * Putting a failed call's messages under the form fields they concern. useZodForm shows a thrown
 * ValidationApiError per field and anything else as the form-level error; these helpers re-shape an error
 * before it is thrown on.
 */

/** Field name of a server validation key: `email`, `body.email` and `body/email` all mean `email`. */
export function fieldOf(key: string): string {
  return key.split(/[./]/).pop() ?? key;
}

/**
 * A server 400 whose `errors` keys name contract fields (e.g. `priceGrosze`) re-keyed to the form's fields
 * (`price`), so useZodForm shows each message under the right input. Other errors pass through.
 */
export function renameValidationFields(error: unknown, fields: Record<string, string>): unknown {
  if (!(error instanceof ValidationApiError)) return error;
  const errors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(error.errors)) {
    const target = fields[fieldOf(key)] ?? key;
    errors[target] = [...(errors[target] ?? []), ...messages];
  }
  return new ValidationApiError({
    status: error.status,
    code: error.code,
    localizedMessage: error.localizedMessage,
    body: error.body,
    traceId: error.traceId,
    errors,
  });
}

/**
 * A refusal with a known code (e.g. EMPLOYEE.EMAIL_TAKEN → `email`) shown under the field it concerns, as a
 * validation error of that field with the server's Polish message. Other errors pass through.
 */
export function refusalOnField(error: unknown, fieldByCode: Record<string, string>): unknown {
  const field = isApiError(error) && error.code ? fieldByCode[error.code] : undefined;
  if (!field || !isApiError(error)) return error;
  return new ValidationApiError({
    status: error.status,
    code: error.code,
    errors: { [field]: [errorMessage(error)] },
  });
}

/**
 * A schema's errors (keyed by path, `address.street`) re-keyed by the form's top-level field (`address`), the
 * first message of a field kept; an issue of the whole object keeps the key `''` (the form-level error).
 */
export function errorsByTopField<E>(errors: Record<string, E>): Record<string, E> {
  const byField: Record<string, E> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path.split('.')[0] ?? '';
    if (!(field in byField)) byField[field] = message;
  }
  return byField;
}

/**
 * A server 400's messages under the form's fields they name (`fieldOf`), the others joined as the form-level
 * error; null when the error is not a validation error (it is shown whole, by `errorMessage`).
 */
export function serverErrorsByField(
  error: unknown,
  formFields: readonly string[],
): { fields: Record<string, string>; rest: string | null } | null {
  if (!(error instanceof ValidationApiError)) return null;
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const [key, messages] of Object.entries(error.errors)) {
    const field = fieldOf(key);
    if (field && formFields.includes(field)) fields[field] = messages.join(' ');
    else rest.push(...messages);
  }
  return { fields, rest: rest.length > 0 ? rest.join(' ') : null };
}

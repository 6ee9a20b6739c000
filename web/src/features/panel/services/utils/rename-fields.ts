import { ValidationApiError } from '../../../../lib/api/api-errors';

/**
 * A server 400 whose `errors` keys name contract fields (e.g. `priceGrosze`) re-keyed to the form's fields
 * (`price`), so useZodForm shows each message under the right input. Other errors pass through.
 */
export function renameValidationFields(error: unknown, fields: Record<string, string>): unknown {
  if (!(error instanceof ValidationApiError)) return error;
  const errors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(error.errors)) {
    const field = key.split(/[./]/).pop() ?? key;
    const target = fields[field] ?? key;
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

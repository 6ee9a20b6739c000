import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { ValidationApiError, errorMessage } from '../api/api-errors';
import { useTypedBeforeStart } from './typed-before-start';
import { fieldOf } from './field-errors';

type Values = Record<string, unknown>;
/** Any zod schema (its input type may be stricter than the form's, e.g. `acceptTerms: true`). */
type FormSchema<Out> = { safeParse(value: unknown): z.ZodSafeParseResult<Out> };

/**
 * A small form state bound to a zod schema from `contracts/` (@mantine/form is not installed).
 * Client errors come from the schema; a server 400 `errors` map lands on its fields (SPEC §5),
 * anything else becomes the form-level error via `errorMessage()` (SPEC §8 display order).
 */
export function useZodForm<T extends Values, Out>(schema: FormSchema<Out>, initialValues: T) {
  const [values, setValues] = useState<T>(initialValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // for the `<form>`: on a page rendered at build time, what was typed before the app started is kept
  const formRef = useTypedBeforeStart<HTMLFormElement>();

  const setFieldValue = useCallback(<K extends keyof T & string>(name: K, value: T[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _removed, ...rest } = current;
      return rest;
    });
  }, []);

  function getInputProps<K extends keyof T & string>(name: K) {
    return {
      value: (values[name] ?? '') as string,
      onChange: (event: ChangeEvent<HTMLInputElement>) =>
        setFieldValue(name, event.currentTarget.value as T[K]),
      error: errors[name],
      name,
    };
  }

  function getCheckboxProps<K extends keyof T & string>(name: K) {
    return {
      checked: values[name] === true,
      onChange: (event: ChangeEvent<HTMLInputElement>) =>
        setFieldValue(name, event.currentTarget.checked as T[K]),
      error: errors[name],
      name,
    };
  }

  function validate(): Out | null {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (key && !(key in next)) next[key] = issue.message;
      if (!key) setFormError(issue.message);
    }
    setErrors(next);
    return null;
  }

  /** Shows a failed call: validation errors per field, the rest as the form error. */
  function setServerError(error: unknown) {
    if (error instanceof ValidationApiError) {
      const fieldErrors: Record<string, string> = {};
      const rest: string[] = [];
      for (const [key, messages] of Object.entries(error.errors)) {
        const field = fieldOf(key);
        if (field && field in values) fieldErrors[field] = messages.join(' ');
        else rest.push(...messages);
      }
      setErrors(fieldErrors);
      setFormError(rest.length > 0 ? rest.join(' ') : null);
      return;
    }
    setFormError(errorMessage(error));
  }

  function onSubmit(handler: (data: Out) => unknown) {
    return async (event?: FormEvent) => {
      event?.preventDefault();
      setFormError(null);
      const data = validate();
      if (data === null) return;
      setSubmitting(true);
      try {
        await handler(data);
      } catch (error) {
        setServerError(error);
      } finally {
        setSubmitting(false);
      }
    };
  }

  return {
    formRef,
    values,
    errors,
    formError,
    submitting,
    setFieldValue,
    setFormError,
    setServerError,
    getInputProps,
    getCheckboxProps,
    onSubmit,
    reset: () => {
      setValues(initialValues);
      setErrors({});
      setFormError(null);
    },
  };
}

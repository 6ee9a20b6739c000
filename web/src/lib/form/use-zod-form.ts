import { schemaResolver, useForm } from '@mantine/form';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { errorMessage } from '../api/api-errors';
import { errorsByTopField, serverErrorsByField } from './field-errors';
import { useTypedBeforeStart } from './typed-before-start';

type Values = Record<string, unknown>;
/** A zod schema from `contracts/` (its input type may be stricter than the form's, e.g. `acceptTerms: true`). */
type FormSchema<Out> = z.ZodType<Out>;

/**
 * @mantine/form bound to a zod schema (Standard Schema, `schemaResolver`) and to the API's errors. A schema issue
 * shows under its top-level field, an issue of the whole object as the form error; a server 400 `errors` map
 * lands on its fields (SPEC §5), anything else becomes the form-level error via `errorMessage()` (SPEC §8 order).
 */
export function useZodForm<T extends Values, Out>(schema: FormSchema<Out>, initialValues: T) {
  const resolve = schemaResolver(schema, { sync: true });
  const form = useForm<T>({ initialValues, validate: (values) => errorsByTopField(resolve(values)) });
  const [formError, setFormError] = useState<string | null>(null);
  // for the `<form>`: on a page rendered at build time, what was typed before the app started is kept
  const formRef = useTypedBeforeStart<HTMLFormElement>();
  const values = form.getValues();

  /** Shows a failed call: validation errors per field, the rest as the form error. */
  function setServerError(error: unknown) {
    const split = serverErrorsByField(error, Object.keys(form.getValues()));
    if (!split) return setFormError(errorMessage(error));
    form.setErrors(split.fields);
    setFormError(split.rest);
  }

  /** The handler gets the schema's output (trimmed, coerced, defaulted), as validation saw it. */
  function onSubmit(handler: (data: Out) => unknown) {
    const submit = form.onSubmit(
      async (submitted) => {
        const parsed = schema.safeParse(submitted);
        if (!parsed.success) return; // validation just passed: not reached
        try {
          await handler(parsed.data);
          // saved: what the form holds now is what is stored (the leave guard asks nothing)
          form.resetDirty();
        } catch (error) {
          setServerError(error);
        }
      },
      (errors) => setFormError(typeof errors[''] === 'string' ? errors[''] : null),
    );
    return (event?: FormEvent) => {
      event?.preventDefault();
      setFormError(null);
      submit();
    };
  }

  return {
    formRef,
    values,
    errors: form.errors as Record<string, string>,
    formError,
    submitting: form.submitting,
    /** the values differ from what the form started with or last saved */
    isDirty: () => form.isDirty(),
    setFieldValue: <K extends keyof T & string>(name: K, value: T[K]) =>
      form.setFieldValue(name, value as never),
    setFormError,
    setServerError,
    getInputProps: <K extends keyof T & string>(name: K) => {
      const { onChange, error } = form.getInputProps(name);
      return { value: (values[name] ?? '') as string, onChange, error: error as string | undefined, name };
    },
    getCheckboxProps: <K extends keyof T & string>(name: K) => {
      const { onChange, error } = form.getInputProps(name, { type: 'checkbox' });
      return { checked: values[name] === true, onChange, error: error as string | undefined, name };
    },
    onSubmit,
    reset: () => {
      form.reset();
      setFormError(null);
    },
  };
}

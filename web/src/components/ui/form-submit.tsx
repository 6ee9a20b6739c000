import { Button, Group } from '@mantine/core';
import { FormError } from './form-error';

/**
 * The end of a form on a page or a card (not a modal: ModalFormFooter): its form-level error, then the submit
 * button, which shows that the call is running.
 */
export function FormSubmit({
  error,
  submitting,
  children,
}: {
  /** the form-level error of a failed call (useZodForm's `formError`) */
  error: string | null;
  submitting: boolean;
  /** the button's label */
  children: string;
}) {
  return (
    <>
      <FormError message={error} />
      <Group>
        <Button type="submit" loading={submitting}>
          {children}
        </Button>
      </Group>
    </>
  );
}

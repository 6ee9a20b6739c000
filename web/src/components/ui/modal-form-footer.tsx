import { Button, Group } from '@mantine/core';
import { FormError } from './form-error';

type ModalFormFooterProps = {
  /** the form-level error of a failed call (useZodForm's `formError`) */
  error: string | null;
  onCancel: () => void;
  /** the button that closes the modal without acting (default „Anuluj”) */
  cancelLabel?: string;
  submitLabel: string;
  submitting: boolean;
  /** red submit button for destructive actions */
  danger?: boolean;
  disabled?: boolean;
};

/** The end of a form in a modal: its form-level error, then „Anuluj” (or `cancelLabel`) and the submit button. */
export function ModalFormFooter({
  error,
  onCancel,
  cancelLabel = 'Anuluj',
  submitLabel,
  submitting,
  danger = false,
  disabled = false,
}: ModalFormFooterProps) {
  return (
    <>
      <FormError message={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type="submit" color={danger ? 'red' : undefined} loading={submitting} disabled={disabled}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}

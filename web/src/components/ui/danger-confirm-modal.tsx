import { Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { ModalFormFooter } from './modal-form-footer';
import { AppModal } from './app-modal';

type DangerConfirmModalProps = {
  opened: boolean;
  /** closes the modal; also „Anuluj” */
  onClose: () => void;
  title: string;
  /** the accessible name of the form */
  formLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** the form-level error of a failed call (useZodForm's `formError`) */
  error: string | null;
  submitting: boolean;
  submitLabel: string;
  /** e.g. until the typed confirmation matches */
  disabled?: boolean;
  /** what will be lost and the one field that confirms it */
  children: ReactNode;
};

/** The modal that confirms an action that cannot be undone: the caller's explanation and field, then „Anuluj” and a red submit. */
export function DangerConfirmModal({
  opened,
  onClose,
  title,
  formLabel,
  onSubmit,
  error,
  submitting,
  submitLabel,
  disabled,
  children,
}: DangerConfirmModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title={title}>
      <form onSubmit={onSubmit} noValidate aria-label={formLabel}>
        <Stack gap="md">
          {children}
          <ModalFormFooter
            error={error}
            onCancel={onClose}
            submitLabel={submitLabel}
            submitting={submitting}
            danger
            disabled={disabled}
          />
        </Stack>
      </form>
    </AppModal>
  );
}

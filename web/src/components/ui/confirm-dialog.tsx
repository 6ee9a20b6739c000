import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppModal } from './app-modal';

type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** the button that closes the dialog without acting (default „Anuluj”) */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  loading?: boolean;
  /** red confirm button for destructive actions (default) */
  danger?: boolean;
};

/** "Are you sure?" before a destructive action, with a clear Polish confirm label. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Anuluj',
  onConfirm,
  onCancel,
  loading = false,
  danger = true,
}: ConfirmDialogProps) {
  return (
    <AppModal opened={opened} onClose={onCancel} title={title}>
      <Stack gap="md">
        {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {cancelLabel}
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

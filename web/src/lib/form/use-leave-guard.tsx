import { useBlocker } from '@tanstack/react-router';
import { useRef, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

/**
 * While a form holds changes nobody saved, leaving the page asks first: a link, Back or a menu item opens
 * „Opuścić stronę?” (stay or leave), and closing the tab or reloading gets the browser's own question. Returns
 * the dialog to render next to the form.
 */
export function useLeaveGuard(unsaved: boolean): ReactNode {
  const current = useRef(unsaved);
  current.current = unsaved;
  const blocker = useBlocker({
    shouldBlockFn: () => current.current,
    enableBeforeUnload: () => current.current,
    withResolver: true,
  });
  return (
    <ConfirmDialog
      opened={blocker.status === 'blocked'}
      title="Opuścić stronę bez zapisania?"
      confirmLabel="Opuść stronę"
      cancelLabel="Zostań i zapisz"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      Masz niezapisane zmiany. Jeśli opuścisz stronę, przepadną.
    </ConfirmDialog>
  );
}

import { useState } from 'react';
import { notify } from './notify-instance';

/**
 * Removing one item of a list, asked first (ConfirmDialog): `ask(item)` opens the dialog about it; confirming
 * runs `remove(item)`, shows `done(item)` as a success notice and closes; an error is notified and the dialog
 * stays open. Spread `dialog` into the ConfirmDialog; `target` is the item asked about (null: none).
 */
export function useConfirmedRemoval<T>({
  remove,
  pending,
  done,
}: {
  remove: (item: T) => Promise<unknown>;
  /** the removal is running (the mutation's isPending): the confirm button shows it */
  pending: boolean;
  done: (item: T) => string;
}) {
  const [target, setTarget] = useState<T | null>(null);
  const confirm = async () => {
    if (target === null) return;
    try {
      await remove(target);
      notify.success(done(target));
      setTarget(null);
    } catch (error) {
      notify.fromError(error);
    }
  };
  return {
    target,
    ask: (item: T) => setTarget(item),
    dialog: {
      opened: target !== null,
      loading: pending,
      onConfirm: () => void confirm(),
      onCancel: () => setTarget(null),
    },
  };
}

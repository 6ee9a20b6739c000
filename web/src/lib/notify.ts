import type { ExternalToast, toast as sonnerToast } from 'sonner';
import { errorMessage } from './api/api-errors';

type ToastApi = Pick<typeof sonnerToast, 'success' | 'error' | 'info' | 'warning' | 'message' | 'dismiss'>;
type Kind = 'success' | 'error' | 'info' | 'warning' | 'message';
type ToastId = string | number;

export type Notifier = Record<Kind, (message: string, options?: ExternalToast) => ToastId> & {
  /** Shows the display text of any error (SPEC §8 order). */
  fromError: (error: unknown, options?: ExternalToast) => ToastId;
  dismiss: () => void;
};

/**
 * SPEC §2: only one classic toast at a time — each new toast dismisses the previous one.
 * (The Toaster still allows 3 visible toasts for promise/custom toasts.)
 */
export function createNotifier(toast: ToastApi): Notifier {
  let current: ToastId | undefined;

  const show =
    (kind: Kind) =>
    (message: string, options?: ExternalToast): ToastId => {
      if (current !== undefined) toast.dismiss(current);
      current = toast[kind](message, options);
      return current;
    };

  const notifier: Notifier = {
    success: show('success'),
    error: show('error'),
    info: show('info'),
    warning: show('warning'),
    message: show('message'),
    fromError: (error, options) => notifier.error(errorMessage(error), options),
    dismiss: () => {
      if (current !== undefined) toast.dismiss(current);
      current = undefined;
    },
  };
  return notifier;
}

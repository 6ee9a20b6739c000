import { Toaster } from 'sonner';

/**
 * SPEC §2 toasts: at most 3 visible, 14 px gap, auto-close after 4000 ms. Sonner's swipe-dismiss
 * threshold is a fixed 45 px (not configurable; it is the spec's value). "Only one classic toast at a
 * time" is enforced by `notify` in lib/notify-instance.ts.
 */
export function AppToaster() {
  return (
    <Toaster
      visibleToasts={3}
      gap={14}
      duration={4000}
      position="top-center"
      richColors
      closeButton
      toastOptions={{ closeButtonAriaLabel: 'Zamknij powiadomienie' }}
      containerAriaLabel="Powiadomienia"
    />
  );
}

import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';

/**
 * Sonner's rich colours put text of 3.5–4.3:1 on their tinted backgrounds (below WCAG AA's 4.5:1, found by
 * axe on a success toast): the same hues, darker, reach 5.8:1 or more.
 */
const readableColours = {
  '--success-text': '#1b5e20',
  '--error-text': '#b71c1c',
  '--warning-text': '#8a5300',
  '--info-text': '#0b4f9c',
} as CSSProperties;

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
      style={readableColours}
    />
  );
}

import { useRef, useState, type ComponentType } from 'react';
import { notify } from './notify-instance';

/**
 * A part of a page that nobody sees until they ask for it (a dialog's form), loaded when its button is pointed at,
 * focused or touched — so that a press usually finds it there — and not with the page. A press whose code cannot
 * be loaded (no connection) shows `failure` and closes again; the next press asks for the code anew.
 *
 * `intent` goes on the button; `open(show, hide)` is its press (`show` opens at once, `hide` undoes it on failure);
 * `Part` is the component once loaded, null before.
 */
export function useLazyPart<P extends object>(load: () => Promise<ComponentType<P>>, failure: string) {
  const [Part, setPart] = useState<ComponentType<P> | null>(null);
  const loading = useRef<Promise<void> | null>(null);
  const fetchPart = () =>
    (loading.current ??= load().then(
      (component) => setPart(() => component),
      (error: unknown) => {
        loading.current = null; // asked again at the next press
        throw error;
      },
    ));
  const want = () => void fetchPart().catch(() => undefined);
  const open = (show: () => void, hide: () => void) => {
    show();
    fetchPart().catch(() => {
      hide();
      notify.error(failure);
    });
  };
  return { Part, open, intent: { onPointerEnter: want, onFocus: want, onTouchStart: want } };
}

import { useRef, useState, type ComponentType } from 'react';
import { notify } from './notify-instance';

/**
 * A dialog nobody sees until they ask for it, whose code loads when its button is pointed at, focused or touched —
 * so that a press usually finds it there — and not with the page. A press whose code cannot be loaded (no
 * connection) shows `failure` and leaves the dialog closed; the next press asks for the code anew.
 *
 * `intent` and `open` go on the button; `Part` (null until loaded) is rendered with `opened` and `close`.
 */
export function useLazyPart<P extends object>(load: () => Promise<ComponentType<P>>, failure: string) {
  const [Part, setPart] = useState<ComponentType<P> | null>(null);
  const [opened, setOpened] = useState(false);
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
  const open = () => {
    setOpened(true);
    fetchPart().catch(() => {
      setOpened(false);
      notify.error(failure);
    });
  };
  const close = () => setOpened(false);
  return { Part, opened, open, close, intent: { onPointerEnter: want, onFocus: want, onTouchStart: want } };
}

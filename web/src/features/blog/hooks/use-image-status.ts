import { useCallback, useState } from 'react';
import { useHydrating } from '../../../lib/use-hydrating';
import { statusOfElement, type ImageStatus } from './image-status';

/**
 * Tracks one image's load state; a new `src` starts again from `loading`. A page rendered at build time shows its
 * pictures as they load, without the fade-in: the app, which would fade them in, starts only when the visitor
 * uses the page (ADR 0030). So on the server, and when the app adopts such a page, an image starts as `loaded`
 * (the ref then corrects a picture that failed).
 */
export function useImageStatus(src: string) {
  const hydrating = useHydrating();
  const [state, setState] = useState<{ src: string; status: ImageStatus }>(() => ({
    src,
    status: hydrating ? 'loaded' : 'loading',
  }));
  const status = state.src === src ? state.status : 'loading';
  const ref = useCallback(
    (img: HTMLImageElement | null) => {
      if (img && img.complete) setState({ src, status: statusOfElement(img) });
    },
    [src],
  );
  return {
    status,
    ref,
    onLoad: () => setState({ src, status: 'loaded' }),
    onError: () => setState({ src, status: 'error' }),
  };
}

import { useCallback, useState } from 'react';
import { statusOfElement, type ImageStatus } from './image-status';

/** Tracks one image's load state; a new `src` starts again from `loading`. */
export function useImageStatus(src: string) {
  const [state, setState] = useState<{ src: string; status: ImageStatus }>({ src, status: 'loading' });
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

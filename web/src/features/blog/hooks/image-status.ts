/** State of a blog image (SPEC §2): invisible while loading, fades in once loaded, half opacity on error. */
export type ImageStatus = 'loading' | 'loaded' | 'error';

export const IMAGE_FADE_MS = 300;

/** Status of an `<img>` that may already have finished before React saw its events (cache, SSR). */
export function statusOfElement(img: Pick<HTMLImageElement, 'complete' | 'naturalWidth'>): ImageStatus {
  if (!img.complete) return 'loading';
  return img.naturalWidth > 0 ? 'loaded' : 'error';
}

export function imageOpacity(status: ImageStatus): number {
  switch (status) {
    case 'loading':
      return 0;
    case 'loaded':
      return 1;
    case 'error':
      return 0.5;
    default: {
      const exhaustive: never = status;
      return exhaustive;
    }
  }
}

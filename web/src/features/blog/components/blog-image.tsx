import type { CSSProperties } from 'react';
import { IMAGE_FADE_MS, imageOpacity } from '../hooks/image-status';
import { useImageStatus } from '../hooks/use-image-status';

type BlogImageProps = {
  src: string;
  alt: string;
  width: number;
  height: number;
  radius?: number;
  priority?: boolean;
  style?: CSSProperties;
};

/** SPEC §2: fades in after load; on a load error stays visible at half opacity (the alt text shows). */
export function BlogImage({ src, alt, width, height, radius = 8, priority = false, style }: BlogImageProps) {
  const { status, ref, onLoad, onError } = useImageStatus(src);
  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      data-status={status}
      onLoad={onLoad}
      onError={onError}
      style={{
        display: 'block',
        width: '100%',
        height: 'auto',
        aspectRatio: `${width} / ${height}`,
        objectFit: 'cover',
        borderRadius: radius,
        background: 'var(--mantine-color-gray-1)',
        opacity: imageOpacity(status),
        transition: `opacity ${IMAGE_FADE_MS}ms ease-in`,
        ...style,
      }}
    />
  );
}

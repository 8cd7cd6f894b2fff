import { srcsetOf } from '@lib/pictures.js';
import type { PublicImage } from '@lib/types.js';

interface PictureProps {
  image: PublicImage;
  alt: string;
  /** The `sizes` attribute: how wide the image is shown. */
  sizes: string;
  /** Above the fold: loaded eagerly with high priority; otherwise lazy. */
  priority?: boolean;
  className?: string;
}

/** A responsive image from the upload's variants: AVIF and WebP `srcset`s, width and height against layout shift. */
export function Picture({ image, alt, sizes, priority = false, className }: PictureProps) {
  const avif = srcsetOf(image.variants, 'avif');
  const webp = srcsetOf(image.variants, 'webp');
  return (
    <picture className={className}>
      {avif && <source type="image/avif" srcSet={avif} sizes={sizes} />}
      {webp && <source type="image/webp" srcSet={webp} sizes={sizes} />}
      <img
        src={image.src}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={priority ? 'high' : undefined}
      />
    </picture>
  );
}

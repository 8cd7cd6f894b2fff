import { srcsetOf, variantSources } from '@lib/pictures.js';
import type { CropShape, PublicImage } from '@lib/types.js';

interface PictureProps {
  image: PublicImage;
  alt: string;
  /** The `sizes` attribute: how wide the image is shown. */
  sizes: string;
  /** Above the fold: loaded eagerly with high priority; otherwise lazy. */
  priority?: boolean;
  className?: string;
  /** False for a picture inside a control named otherwise (a video's play button): its alt text is not shown in its place. */
  altInPlace?: boolean;
  /** The shape the picture is shown in: its crops around the focal point, when it has them, instead of its variants. */
  crop?: Exclude<CropShape, 'og'>;
}

/**
 * A responsive image from the upload's variants (AVIF and WebP `srcset`s) or, in a shape, from its WebP crops around
 * the focal point; width and height against layout shift.
 */
export function Picture({ image, alt, sizes, priority = false, className, crop, altInPlace = true }: PictureProps) {
  const crops = (image.crops ?? []).filter((candidate) => candidate.shape === crop).sort((a, b) => a.width - b.width);
  const largest = crops.at(-1);
  const sources = largest ? [{ type: 'image/webp', srcset: srcsetOf(crops) }] : variantSources(image.variants);
  const shown = largest ?? image;
  return (
    <>
      <picture className={className}>
        {sources.map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
        ))}
        <img
          src={shown.src}
          width={shown.width}
          height={shown.height}
          alt={alt}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={priority ? 'high' : undefined}
        />
      </picture>
      {altInPlace && <AltInPlace alt={alt} />}
    </>
  );
}

/** An image's alt text, shown in its place when the version for the visually impaired hides images. */
export function AltInPlace({ alt }: { alt: string }) {
  return alt ? <span className="lv-alt">{alt}</span> : null;
}

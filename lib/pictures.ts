import type { ImageVariant } from './types.js';

export const PICTURE_FORMATS = ['avif', 'webp'] as const;

/** A `srcset` of an image's variants in one format, narrowest first; empty when it has none in that format. */
export const srcsetOf = (variants: readonly ImageVariant[], format: ImageVariant['format']): string =>
  variants
    .filter((variant) => variant.format === format)
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${variant.src} ${variant.width}w`)
    .join(', ');

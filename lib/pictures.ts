import type { ImageVariant } from './types.js';

const SOURCE_FORMATS = ['avif', 'webp'] as const;

/** A `<source>` of a `<picture>`: a media type and its `srcset`. */
export interface PictureSource {
  type: string;
  srcset: string;
}

/** A `srcset` of the files of one picture, narrowest first. */
export const srcsetOf = (files: readonly { src: string; width: number }[]): string =>
  [...files]
    .sort((a, b) => a.width - b.width)
    .map((file) => `${file.src} ${file.width}w`)
    .join(', ');

/** The sources of an image's variants, AVIF first; a format it has no variant in is left out. */
export const variantSources = (variants: readonly ImageVariant[]): PictureSource[] =>
  SOURCE_FORMATS.map((format) => ({ type: `image/${format}`, srcset: srcsetOf(variants.filter((variant) => variant.format === format)) })).filter(
    (source) => source.srcset !== '',
  );

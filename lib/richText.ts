/**
 * What rich text (articles, text pages) may contain: the admin's editor offers exactly this and the server's
 * sanitiser keeps exactly this, so what an editor sees while writing is what the site shows. Anything else (colours,
 * fonts, images from elsewhere, inline styles) is neither offered nor kept. Presentation is a class the site's CSS
 * knows, never a `style` attribute, so the pages' Content-Security-Policy stays strict.
 */

import { idFromText } from './ids.js';

/** Heading levels inside rich text: the page's own title is its only `h1`. */
export const HEADING_LEVELS = [2, 3, 4] as const;
export type HeadingLevel = (typeof HEADING_LEVELS)[number];

export const TEXT_ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;
export type TextAlignment = (typeof TEXT_ALIGNMENTS)[number];

/** Text is aligned left unless a class says otherwise, so left alignment is written as no class at all. */
export const DEFAULT_ALIGNMENT: TextAlignment = 'left';

export const alignmentClass = (alignment: TextAlignment): string => `text-${alignment}`;

/** The alignment a class names, if it names a non-default one. */
export const alignmentOfClass = (className: string): TextAlignment | undefined =>
  TEXT_ALIGNMENTS.find((alignment) => alignment !== DEFAULT_ALIGNMENT && alignmentClass(alignment) === className);

const ALIGNMENT_CLASSES = TEXT_ALIGNMENTS.filter((alignment) => alignment !== DEFAULT_ALIGNMENT).map(alignmentClass);

/** Every link opens in a new tab and does not hand the site to the page it opens. */
export const LINK_TARGET = '_blank';
export const LINK_REL = 'noopener noreferrer';

/** What an attribute may hold: any text (a URL is still checked by the sanitiser) or text matching a pattern. */
export type AttributeRule = 'any' | RegExp;

export interface ElementRule {
  /** The attributes the element may have besides `class`. */
  readonly attributes: Readonly<Record<string, AttributeRule>>;
  /** The values its `class` may hold, each one a class of the site's CSS. */
  readonly classes: readonly string[];
}

/**
 * An image inside text is a picture of the media library, named by its lasting address (`/api/assets/12/file`), which
 * stays the same when the asset's file is replaced. It stands in a `figure` with its alt text, a width from a fixed
 * choice and an optional caption:
 * `<figure class="image-half"><img src="/api/assets/12/file" alt="…"><figcaption>…</figcaption></figure>`.
 * The site shows it as covers are shown, from the asset as it is now: its variants as AVIF and WebP `srcset`s, its
 * width and height, loaded lazily. No size is stored in the text, so a replaced file never shows at the old one's.
 */
export const IMAGE_WIDTHS = ['full', 'half', 'third'] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const DEFAULT_IMAGE_WIDTH: ImageWidth = 'full';

export const imageWidthClass = (width: ImageWidth): string => `image-${width}`;

/** The width a figure's class names; the default for none or another. */
export const imageWidthOfClass = (className: string | null | undefined): ImageWidth =>
  IMAGE_WIDTHS.find((width) => (className ?? '').split(/\s+/).includes(imageWidthClass(width))) ?? DEFAULT_IMAGE_WIDTH;

/**
 * How wide each width choice is shown, as an `img`'s `sizes`: the text column is at most 880 px across on wide
 * screens; below 576 px every image takes the whole width (the site's CSS says the same).
 */
export const IMAGE_WIDTH_SIZES: Readonly<Record<ImageWidth, string>> = {
  full: '(min-width: 992px) 880px, 100vw',
  half: '(min-width: 992px) 440px, (min-width: 576px) 50vw, 100vw',
  third: '(min-width: 992px) 293px, (min-width: 576px) 33vw, 100vw',
};

/** The address text names an image of the library by. */
export const textImageSrc = (assetId: number): string => `/api/assets/${assetId}/file`;

const TEXT_IMAGE_SRC = /^\/api\/assets\/(\d+)\/file$/;

/** The asset an image's address in text names, or null for any other address and for a number no asset can have. */
export const assetIdOfTextImage = (src: string | null | undefined): number | null => {
  const id = TEXT_IMAGE_SRC.exec(src ?? '')?.[1];
  return id === undefined ? null : idFromText(id);
};

const plain: ElementRule = { attributes: {}, classes: [] };
const alignable: ElementRule = { attributes: {}, classes: ALIGNMENT_CLASSES };
const cell: ElementRule = { attributes: { colspan: /^[1-9]\d?$/, rowspan: /^[1-9]\d?$/ }, classes: [] };

export const RICH_TEXT_ELEMENTS: Readonly<Record<string, ElementRule>> = {
  p: alignable,
  ...Object.fromEntries(HEADING_LEVELS.map((level) => [`h${level}`, alignable])),
  strong: plain,
  em: plain,
  br: plain,
  ul: plain,
  ol: { attributes: { start: /^\d{1,6}$/ }, classes: [] },
  li: plain,
  blockquote: plain,
  a: { attributes: { href: 'any', target: new RegExp(`^${LINK_TARGET}$`), rel: new RegExp(`^${LINK_REL}$`) }, classes: [] },
  table: plain,
  thead: plain,
  tbody: plain,
  tr: plain,
  th: cell,
  td: cell,
  figure: { attributes: {}, classes: IMAGE_WIDTHS.map(imageWidthClass) },
  img: { attributes: { src: TEXT_IMAGE_SRC, alt: 'any' }, classes: [] },
  figcaption: plain,
};

/**
 * Elements other editors write (Word, Google Docs, older content) for one of the declared ones: they are kept as
 * that one (`b` as `strong`, a page-title `h1` as the top heading level, `h5`/`h6` as the lowest).
 */
export const RICH_TEXT_SYNONYMS: Readonly<Record<string, string>> = {
  b: 'strong',
  i: 'em',
  h1: `h${Math.min(...HEADING_LEVELS)}`,
  h5: `h${Math.max(...HEADING_LEVELS)}`,
  h6: `h${Math.max(...HEADING_LEVELS)}`,
};

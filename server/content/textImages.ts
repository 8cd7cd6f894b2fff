import type { Kysely } from 'kysely';
import { variantSources } from '../../lib/pictures.js';
import { assetIdOfTextImage, IMAGE_WIDTH_SIZES, imageWidthOfClass } from '../../lib/richText.js';
import type { StoredImage } from '../../lib/types.js';
import { storedImageOf } from '../assets/files.js';
import type { Database } from '../db/schema.js';
import { uploadUrl } from './mappers.js';

/**
 * A figure of stored rich text, as the sanitiser writes each: its width class, its image's attributes (`src`, `alt`)
 * and a caption of plain text. Serialised HTML escapes `"` in every attribute value and `<` in every text, so this
 * matches real figures only, never text or an attribute value that looks like one. A figure of another shape (none
 * is stored) stays as it is: its image still shows, from the asset's lasting address.
 */
const STORED_FIGURE = /<figure(?: class="([^"]*)")?><img((?: [a-z]+="[^"]*")*)>((?:<figcaption>[^<]*<\/figcaption>)?)<\/figure>/g;

const ATTRIBUTE = / ([a-z]+)="([^"]*)"/g;

/** The attributes of a stored image, their values as serialised (escaped). */
const attributesOf = (serialised: string): Map<string, string> =>
  new Map(Array.from(serialised.matchAll(ATTRIBUTE), ([, name = '', value = '']) => [name, value]));

/** A value written into a double-quoted attribute. */
const escapeAttribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The picture an image of text becomes: as covers are shown, from the asset's current file and variants. */
function pictureOf(image: StoredImage, escapedAlt: string, sizes: string): string {
  const variants = image.variants.map((variant) => ({ ...variant, src: uploadUrl(variant.src) }));
  const sources = variantSources(variants)
    .map((source) => `<source type="${source.type}" srcset="${escapeAttribute(source.srcset)}" sizes="${sizes}">`)
    .join('');
  const size = image.width && image.height ? ` width="${image.width}" height="${image.height}"` : '';
  // The alt text may be empty (a decorative image) but is always there.
  return `<picture>${sources}<img src="${escapeAttribute(uploadUrl(image.src))}" alt="${escapedAlt}"${size} loading="lazy" decoding="async"></picture>`;
}

/**
 * Rich HTML as pages show it: each image of the library inside it becomes the `<picture>` covers get, with the AVIF
 * and WebP `srcset`s of the asset's variants, `sizes` from the figure's width choice, the picture's width and height
 * against layout shift, and lazy loading. The text keeps only the asset's lasting address, so a replaced file shows at
 * once with its own variants and size. An image whose asset is gone (removed, or not a picture) is left out with its
 * figure. The assets of all the text's images are read in one query; the rest of the text is not parsed, and text
 * without images is answered as stored.
 */
export async function withTextImages(db: Kysely<Database>, html: string): Promise<string> {
  if (!html.includes('<figure')) return html;
  const figures = Array.from(html.matchAll(STORED_FIGURE), ([, , image = '']) => assetIdOfTextImage(attributesOf(image).get('src')));
  const ids = [...new Set(figures.filter((id) => id !== null))];
  if (ids.length === 0) return html;
  const assets = await db.selectFrom('assets').select(['id', 'file', 'width', 'height']).where('id', 'in', ids).where('kind', '=', 'image').execute();
  const byId = new Map(assets.map((asset) => [asset.id, storedImageOf(asset)]));
  return html.replace(STORED_FIGURE, (figure, className: string | undefined, image: string, caption: string) => {
    const attributes = attributesOf(image);
    const id = assetIdOfTextImage(attributes.get('src'));
    if (id === null) return figure;
    const stored = byId.get(id);
    if (!stored) return '';
    const width = imageWidthOfClass(className);
    const picture = pictureOf(stored, attributes.get('alt') ?? '', IMAGE_WIDTH_SIZES[width]);
    return `<figure${className === undefined ? '' : ` class="${className}"`}>${picture}${caption}</figure>`;
  });
}

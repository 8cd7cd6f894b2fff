import type { Kysely } from 'kysely';
import { defaultTreeAdapter, html as namespaces, parseFragment, serialize, type DefaultTreeAdapterTypes } from 'parse5';
import { PICTURE_FORMATS, srcsetOf } from '../../lib/pictures.js';
import { assetIdOfTextImage, IMAGE_WIDTH_SIZES, imageWidthOfClass } from '../../lib/richText.js';
import type { StoredImage } from '../../lib/types.js';
import { storedImageOf } from '../assets/files.js';
import type { Database } from '../db/schema.js';
import { uploadUrl } from './mappers.js';

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

/** The images of text that name a library asset (`<img src="/api/assets/12/file">`), depth first. */
function textImagesOf(node: ParentNode, found: Element[] = []): Element[] {
  for (const child of node.childNodes) {
    if (!defaultTreeAdapter.isElementNode(child)) continue;
    if (child.tagName === 'img' && assetIdOfTextImage(attributeOf(child, 'src')) !== null) found.push(child);
    else textImagesOf(child, found);
  }
  return found;
}

const attributeOf = (element: Element, name: string): string | undefined => element.attrs.find((attr) => attr.name === name)?.value;

const element = (tagName: string, attributes: Record<string, string | number | undefined>, children: Element[] = []): Element => {
  const created = defaultTreeAdapter.createElement(
    tagName,
    namespaces.NS.HTML,
    Object.entries(attributes).flatMap(([name, value]) => (value === undefined ? [] : [{ name, value: String(value) }])),
  );
  for (const child of children) defaultTreeAdapter.appendChild(created, child);
  return created;
};

/** The picture an image of text becomes: as covers are shown, from the asset's current file and variants. */
function pictureOf(image: StoredImage, alt: string, sizes: string): Element {
  const variants = image.variants.map((variant) => ({ ...variant, src: uploadUrl(variant.src) }));
  const sources = PICTURE_FORMATS.flatMap((format) => {
    const srcset = srcsetOf(variants, format);
    return srcset ? [element('source', { type: `image/${format}`, srcset, sizes })] : [];
  });
  // The alt text may be empty (a decorative image) but is always there.
  const img = element('img', {
    src: uploadUrl(image.src),
    alt,
    width: image.width || undefined,
    height: image.height || undefined,
    loading: 'lazy',
    decoding: 'async',
  });
  return element('picture', {}, [...sources, img]);
}

/**
 * Rich HTML as pages show it: each image of the library inside it becomes the `<picture>` covers get, with the AVIF
 * and WebP `srcset`s of the asset's variants, `sizes` from the figure's width choice, the picture's width and height
 * against layout shift, and lazy loading. The text keeps only the asset's lasting address, so a replaced file shows at
 * once with its own variants and size. An image whose asset is gone (removed, or not a picture) is left out with its
 * figure. Text without images is answered as stored, unparsed.
 */
export async function withTextImages(db: Kysely<Database>, html: string): Promise<string> {
  if (!html.includes('<img')) return html;
  const tree = parseFragment(html);
  const images = textImagesOf(tree);
  if (images.length === 0) return html;
  const ids = [...new Set(images.map((image) => assetIdOfTextImage(attributeOf(image, 'src')) ?? 0))];
  const assets = await db.selectFrom('assets').select(['id', 'file', 'width', 'height']).where('id', 'in', ids).where('kind', '=', 'image').execute();
  const byId = new Map(assets.map((asset) => [asset.id, storedImageOf(asset)]));
  for (const image of images) {
    const figure = image.parentNode && defaultTreeAdapter.isElementNode(image.parentNode) && image.parentNode.tagName === 'figure' ? image.parentNode : null;
    const stored = byId.get(assetIdOfTextImage(attributeOf(image, 'src')) ?? 0);
    if (!stored) {
      defaultTreeAdapter.detachNode(figure ?? image);
      continue;
    }
    const sizes = IMAGE_WIDTH_SIZES[imageWidthOfClass(figure ? attributeOf(figure, 'class') : undefined)];
    const picture = pictureOf(stored, attributeOf(image, 'alt') ?? '', sizes);
    const parent = image.parentNode;
    if (!parent) continue;
    defaultTreeAdapter.insertBefore(parent, picture, image);
    defaultTreeAdapter.detachNode(image);
  }
  return serialize(tree);
}

import sharp from 'sharp';
import type { ImageVariant, StoredImage } from '../../lib/types.js';
import type { FileStore } from './store.js';

/** Widths of the responsive variants; a variant is never wider than the original. */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1440] as const;
const MAX_WIDTH = 2400;
const VARIANT_FORMATS = ['webp', 'avif'] as const;

/**
 * Re-encodes a raster image (dropping metadata and anything hidden in the file), stores it with WebP and AVIF
 * variants, and returns what the image column keeps. Throws when the bytes are not an image sharp can read.
 */
export async function storeImage(store: FileStore, folder: string, input: Buffer): Promise<StoredImage> {
  const source = sharp(input, { failOn: 'error' }).rotate();
  const meta = await source.metadata();
  const resized = source.resize({ width: MAX_WIDTH, withoutEnlargement: true });
  const keepsAlpha = meta.hasAlpha === true;
  const main = await (keepsAlpha ? resized.clone().png() : resized.clone().jpeg({ quality: 82, mozjpeg: true })).toBuffer({
    resolveWithObject: true,
  });
  const src = store.newKey(folder, keepsAlpha ? 'png' : 'jpg');
  const written: string[] = [];
  try {
    await store.write(src, main.data);
    written.push(src);
    const widths = [...new Set([...IMAGE_VARIANT_WIDTHS.filter((width) => width < main.info.width), main.info.width])];
    const variants: ImageVariant[] = [];
    for (const width of widths) {
      for (const format of VARIANT_FORMATS) {
        const encoder = sharp(main.data).resize({ width });
        const data = await (format === 'webp' ? encoder.webp({ quality: 78 }) : encoder.avif({ quality: 55, effort: 2 })).toBuffer();
        const key = src.replace(/\.\w+$/, `-${width}.${format}`);
        await store.write(key, data);
        written.push(key);
        variants.push({ src: key, width, format });
      }
    }
    return { src, width: main.info.width, height: main.info.height, variants };
  } catch (error) {
    await store.remove(written);
    throw error;
  }
}

/** Every file an image column points to, for removal once its row is gone. */
export function imageFiles(json: string | null): string[] {
  if (!json) return [];
  const image = JSON.parse(json) as StoredImage;
  return [image.src, ...image.variants.map((variant) => variant.src)];
}

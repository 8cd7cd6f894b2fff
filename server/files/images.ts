import sharp from 'sharp';
import type { ImageVariant, StoredImage } from '../../lib/types.js';
import type { FileStore } from './store.js';

/** Widths of the responsive variants; a variant is never wider than the original. */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1440] as const;
const MAX_WIDTH = 2400;
const VARIANT_FORMATS = ['webp', 'avif'] as const;

/**
 * The most pixels an uploaded image may have: 50 megapixels (8660 × 5773, more than any camera photo an editor
 * uploads; the site never shows more than 2400 px across). A small file can claim a huge canvas (a 16000 × 16000
 * PNG compresses to under 1 MB and decodes to 768 MB), so the size is read from the header and refused before
 * anything is decoded; sharp is told the same limit.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** How many images are decoded and encoded at once; more requests wait their turn instead of taking memory. */
export const IMAGE_JOBS = 2;

/** An image whose canvas is over `MAX_INPUT_PIXELS`. */
export class ImageTooLargeError extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`Image of ${width} × ${height} pixels is over the limit of ${MAX_INPUT_PIXELS}`);
  }
}

/** A small counting semaphore: at most `slots` tasks run, the rest queue in order. */
class Semaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly slots: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

const imageJobs = new Semaphore(IMAGE_JOBS);

/** Runs image work (decoding, re-encoding) in one of the `IMAGE_JOBS` slots. */
export function withImageSlot<T>(task: () => Promise<T>): Promise<T> {
  return imageJobs.run(task);
}

/** A sharp pipeline over untrusted bytes: fails on corrupt data and on canvases over the pixel limit. */
export async function openImage(input: Buffer): Promise<{ image: sharp.Sharp; meta: sharp.Metadata }> {
  // The header alone tells the canvas size; nothing is decoded to read it.
  const meta = await sharp(input, { limitInputPixels: false }).metadata();
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new ImageTooLargeError(meta.width, meta.height);
  return { image: sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }), meta };
}

/**
 * Re-encodes a raster image (dropping metadata and anything hidden in the file), stores it with WebP and AVIF
 * variants, and returns what the image column keeps. Throws `ImageTooLargeError` for a canvas over the pixel
 * limit, another error when the bytes are not an image sharp can read. At most `IMAGE_JOBS` run at once.
 */
export function storeImage(store: FileStore, folder: string, input: Buffer): Promise<StoredImage> {
  return withImageSlot(() => encodeAndStore(store, folder, input));
}

async function encodeAndStore(store: FileStore, folder: string, input: Buffer): Promise<StoredImage> {
  const { image, meta } = await openImage(input);
  const source = image.rotate();
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

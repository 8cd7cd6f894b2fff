import sharp from 'sharp';
import type { CropShape, ImageCrop, ImageVariant, StoredImage } from '../../lib/types.js';
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

/** Where the main subject of a picture is: from the left (x) and top (y) edges, 0 to 1. */
export interface FocalPoint {
  x: number;
  y: number;
}

export const CENTRE: FocalPoint = { x: 0.5, y: 0.5 };

/**
 * The shapes the site cuts pictures to, each at its widths: cards and video previews 16:9, photobank photos 4:3,
 * the social preview exactly 1200 × 630 (enlarged from a smaller picture, since networks ask for that size).
 */
const CROP_SHAPES: Readonly<Record<CropShape, { ratio: number; widths: readonly number[] }>> = {
  card: { ratio: 16 / 9, widths: [480, 960] },
  photo: { ratio: 4 / 3, widths: [480, 960] },
  og: { ratio: 1200 / 630, widths: [1200] },
};

/** The largest region of the given ratio inside a picture, as near centred on the focal point as the edges allow. */
export function cropRegion(width: number, height: number, ratio: number, focal: FocalPoint) {
  const regionWidth = Math.min(width, Math.round(height * ratio));
  const regionHeight = Math.min(height, Math.round(width / ratio));
  const place = (size: number, region: number, at: number) => Math.min(size - region, Math.max(0, Math.round(at * size - region / 2)));
  return { left: place(width, regionWidth, focal.x), top: place(height, regionHeight, focal.y), width: regionWidth, height: regionHeight };
}

/** A picture's file encoded for the site and not yet stored: its bytes and the extension it is stored under. */
interface EncodedFile {
  data: Buffer;
  extension: string;
}

/** A crop cut and encoded, not yet stored. */
export interface EncodedCrop extends EncodedFile {
  shape: CropShape;
  width: number;
  height: number;
}

/** A picture encoded for the site, not yet stored: the main file, its responsive variants and its crops. */
export interface EncodedImage {
  main: EncodedFile & { width: number; height: number };
  variants: (EncodedFile & { width: number; format: ImageVariant['format'] })[];
  crops: EncodedCrop[];
}

/** Cuts every crop shape out of a picture (its main file's bytes) around the focal point. */
async function encodeCrops(main: Buffer, focal: FocalPoint): Promise<EncodedCrop[]> {
  const { width, height } = await sharp(main).metadata();
  const crops: EncodedCrop[] = [];
  for (const [shape, { ratio, widths }] of Object.entries(CROP_SHAPES) as [CropShape, (typeof CROP_SHAPES)[CropShape]][]) {
    const region = cropRegion(width, height, ratio, focal);
    const cut = shape === 'og' ? widths : [...new Set(widths.map((wanted) => Math.min(wanted, region.width)))];
    for (const cropWidth of cut) {
      const cropHeight = Math.round(cropWidth / ratio);
      const resized = sharp(main).extract(region).resize({ width: cropWidth, height: cropHeight, fit: 'fill' });
      const data = await (
        shape === 'og' ? resized.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }) : resized.webp({ quality: 78 })
      ).toBuffer();
      crops.push({ shape, width: cropWidth, height: cropHeight, data, extension: shape === 'og' ? 'jpg' : 'webp' });
    }
  }
  return crops;
}

/** Stores crops under fresh keys beside the picture's main file; on failure the crops written so far are removed. */
async function writeCrops(store: FileStore, mainKey: string, crops: readonly EncodedCrop[]): Promise<ImageCrop[]> {
  const stem = store.newKey(mainKey.slice(0, mainKey.lastIndexOf('/')), 'x').replace(/\.x$/, '');
  const written: ImageCrop[] = [];
  try {
    for (const crop of crops) {
      const src = `${stem}-${crop.shape}-${crop.width}.${crop.extension}`;
      await store.write(src, crop.data);
      written.push({ shape: crop.shape, src, width: crop.width, height: crop.height });
    }
    return written;
  } catch (error) {
    await store.remove(written.map((crop) => crop.src));
    throw error;
  }
}

/** A stored picture with its crops cut again around a new focal point (the old crops stay until the caller removes them). */
export async function recutCrops(store: FileStore, image: StoredImage, main: Buffer, focal: FocalPoint): Promise<StoredImage> {
  const crops = await withImageSlot(() => encodeCrops(main, focal));
  return { ...image, crops: await writeCrops(store, image.src, crops) };
}

/**
 * Re-encodes a raster image (dropping metadata and anything hidden in the file) with WebP and AVIF variants and its
 * crops around the centre. Throws `ImageTooLargeError` for a canvas over the pixel limit, another error when the
 * bytes are not an image sharp can read. At most `IMAGE_JOBS` run at once.
 */
export function encodeImage(input: Buffer): Promise<EncodedImage> {
  return withImageSlot(async () => {
    const { image, meta } = await openImage(input);
    const resized = image.rotate().resize({ width: MAX_WIDTH, withoutEnlargement: true });
    const keepsAlpha = meta.hasAlpha === true;
    const main = await (keepsAlpha ? resized.clone().png() : resized.clone().jpeg({ quality: 82, mozjpeg: true })).toBuffer({
      resolveWithObject: true,
    });
    const widths = [...new Set([...IMAGE_VARIANT_WIDTHS.filter((width) => width < main.info.width), main.info.width])];
    const variants: EncodedImage['variants'] = [];
    for (const width of widths) {
      for (const format of VARIANT_FORMATS) {
        const encoder = sharp(main.data).resize({ width });
        const data = await (format === 'webp' ? encoder.webp({ quality: 78 }) : encoder.avif({ quality: 55, effort: 2 })).toBuffer();
        variants.push({ data, extension: format, width, format });
      }
    }
    return {
      main: { data: main.data, extension: keepsAlpha ? 'png' : 'jpg', width: main.info.width, height: main.info.height },
      variants,
      crops: await encodeCrops(main.data, CENTRE),
    };
  });
}

/**
 * Stores an encoded picture under fresh keys in `folder` and returns what the image column keeps: the variants are
 * named after the main file, the crops share a stem of their own. On failure nothing written stays.
 */
export async function writeImage(store: FileStore, folder: string, encoded: EncodedImage): Promise<StoredImage> {
  const src = store.newKey(folder, encoded.main.extension);
  const written: string[] = [];
  try {
    await store.write(src, encoded.main.data);
    written.push(src);
    const variants: ImageVariant[] = [];
    for (const variant of encoded.variants) {
      const key = src.replace(/\.\w+$/, `-${variant.width}.${variant.extension}`);
      await store.write(key, variant.data);
      written.push(key);
      variants.push({ src: key, width: variant.width, format: variant.format });
    }
    const crops = await writeCrops(store, src, encoded.crops);
    return { src, width: encoded.main.width, height: encoded.main.height, variants, crops };
  } catch (error) {
    await store.remove(written);
    throw error;
  }
}

/** Encodes a raster image (see `encodeImage`) and stores it (see `writeImage`). */
export async function storeImage(store: FileStore, folder: string, input: Buffer): Promise<StoredImage> {
  return writeImage(store, folder, await encodeImage(input));
}

/** Every file of a stored picture: the main file, its variants and its crops. */
export function storedImageFiles(image: StoredImage): string[] {
  return [image.src, ...image.variants.map((variant) => variant.src), ...(image.crops ?? []).map((crop) => crop.src)];
}

/** Every file an image column points to, for removal once its row is gone. */
export function imageFiles(json: string | null): string[] {
  return json ? storedImageFiles(JSON.parse(json) as StoredImage) : [];
}

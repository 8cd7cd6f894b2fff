import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../projectRoot.js';
import { encodeImage, type EncodedCrop, type EncodedImage } from '../files/images.js';
import { rasterise, type RasterFormat } from './images.js';

/**
 * The demo's pictures, encoded once and kept in a folder that every later seed copies from: encoding a picture in
 * all its sizes and formats costs a second of CPU, copying it a millisecond. `npm run build` fills the folder (a first
 * start then only copies); a seed that misses a picture (a run from the sources before any build, a drawing changed
 * since) encodes it and keeps it there for the next one.
 *
 * A picture is kept under a digest of what draws it (its SVG), so a changed drawing is a new picture; `npm run build`
 * empties the folder first, so pictures of older drawings never pile up.
 */
export const DEMO_PICTURES_FOLDER = path.join(projectRoot(), 'build', 'demo-pictures');

/** What a kept picture's entry says besides its files' bytes. */
interface KeptEntry {
  main: Omit<EncodedImage['main'], 'data'>;
  variants: Omit<EncodedImage['variants'][number], 'data'>[];
  crops: Omit<EncodedCrop, 'data'>[];
}

export class DemoPictures {
  constructor(private readonly folder = DEMO_PICTURES_FOLDER) {}

  /** The picture drawn as `svg`, rasterised to `format` and encoded for the site: kept, or encoded now and kept. */
  async image(svg: string, format: RasterFormat): Promise<EncodedImage> {
    const name = createHash('sha256').update(format).update(svg).digest('hex').slice(0, 24);
    const kept = await this.read(name);
    if (kept) return kept;
    const encoded = await encodeImage(await rasterise(svg, format));
    await this.keep(name, encoded);
    return encoded;
  }

  private fileOf(name: string, part: string, extension: string): string {
    return path.join(this.folder, `${name}-${part}.${extension}`);
  }

  private async read(name: string): Promise<EncodedImage | null> {
    let entry: KeptEntry;
    try {
      entry = JSON.parse(await readFile(path.join(this.folder, `${name}.json`), 'utf8')) as KeptEntry;
    } catch {
      return null;
    }
    const bytes = (part: string, extension: string) => readFile(this.fileOf(name, part, extension));
    return {
      main: { ...entry.main, data: await bytes('main', entry.main.extension) },
      variants: await Promise.all(entry.variants.map(async (variant) => ({ ...variant, data: await bytes(`${variant.width}`, variant.extension) }))),
      crops: await Promise.all(entry.crops.map(async (crop) => ({ ...crop, data: await bytes(`${crop.shape}-${crop.width}`, crop.extension) }))),
    };
  }

  /** Writes the files first and the entry last, each under a temporary name renamed into place: a half-kept picture is a miss. */
  private async keep(name: string, encoded: EncodedImage): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    const put = async (file: string, data: Buffer | string) => {
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, file);
    };
    await put(this.fileOf(name, 'main', encoded.main.extension), encoded.main.data);
    for (const variant of encoded.variants) await put(this.fileOf(name, `${variant.width}`, variant.extension), variant.data);
    for (const crop of encoded.crops) await put(this.fileOf(name, `${crop.shape}-${crop.width}`, crop.extension), crop.data);
    const entry: KeptEntry = {
      main: { extension: encoded.main.extension, width: encoded.main.width, height: encoded.main.height },
      variants: encoded.variants.map(({ data: _data, ...variant }) => variant),
      crops: encoded.crops.map(({ data: _data, ...crop }) => crop),
    };
    await put(path.join(this.folder, `${name}.json`), JSON.stringify(entry));
  }
}

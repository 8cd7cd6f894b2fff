import type { FileChanges } from '../records/fileChanges.js';
import type { Trx } from '../db/schema.js';
import { recutCrops, type FocalPoint } from '../files/images.js';
import type { FileStore } from '../files/store.js';
import type { Row, Values } from '../resources/hooks.js';
import { storedImageOf } from './files.js';
import { keysNoTrashNames } from './replace.js';

async function bytesOf(store: FileStore, key: string): Promise<Buffer | null> {
  const stream = await store.read(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * An asset's `file` once its focal point moved: the picture with its crops cut again around the new point (the
 * new crops follow the write's outcome, the old ones go once it committed, but for those a record in the trash
 * still names). Null when the point stays, or the asset has nothing cut around it (an SVG, a document).
 */
export async function fileWithFocal(trx: Trx, store: FileStore, files: FileChanges, current: Row, values: Values): Promise<string | null> {
  const focal: FocalPoint = { x: Number(values.focal_x ?? current.focal_x), y: Number(values.focal_y ?? current.focal_y) };
  const file = String(current.file);
  if ((focal.x === Number(current.focal_x) && focal.y === Number(current.focal_y)) || !file.startsWith('{')) return null;
  const image = storedImageOf({ file, width: null, height: null });
  const main = await bytesOf(store, image.src);
  if (!main) return null;
  const recut = await recutCrops(store, image, main, focal);
  files.stored((recut.crops ?? []).map((crop) => crop.src));
  files.replaced(
    await keysNoTrashNames(
      trx,
      (image.crops ?? []).map((crop) => crop.src),
    ),
  );
  return JSON.stringify(recut);
}

import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AssetKind, FileFormat } from '../../lib/resources/index.js';
import type { StoredImage } from '../../lib/types.js';
import { storeDownloadFile, storeUploadedImage, type UploadedFile } from '../records/upload.js';
import type { Db } from '../db/schema.js';
import { imageFiles } from '../files/images.js';
import type { FileStore } from '../files/store.js';
import { pdfHasText } from '../files/pdfText.js';

/** The formats kept as pictures (re-encoded with variants, or an SVG sanitised); the others are documents. */
const PICTURE_FORMATS: readonly FileFormat[] = ['jpeg', 'png', 'webp', 'gif', 'svg'];
const RASTER_FORMATS: readonly FileFormat[] = ['jpeg', 'png', 'webp', 'gif'];
/** The pictures a download keeps in their own format, re-encoded as themselves; any other picture is kept as a picture. */
const DOWNLOAD_PICTURE_FORMATS: readonly FileFormat[] = ['jpeg', 'png'];

export const kindOfFormat = (format: FileFormat): AssetKind => (PICTURE_FORMATS.includes(format) ? 'image' : 'document');

/**
 * How an upload is kept: `picture` for what pages show (a raster re-encoded with its WebP and AVIF variants, an SVG
 * sanitised), `download` for what visitors download (a document as uploaded, a PNG or JPEG logo re-encoded as itself).
 */
export type StorageMode = 'picture' | 'download';

/** The stored files of an asset, as its columns keep them. */
export interface StoredAssetFile {
  kind: AssetKind;
  format: FileFormat;
  /** A raster picture's `StoredImage` JSON, else the key. */
  file: string;
  width: number | null;
  height: number | null;
  size: number;
  sha256: string;
  /** A PDF's text layer as the `text_layer` column keeps it: 1, 0 for a scan, null for no PDF or not known. */
  textLayer: number | null;
}

/** The `text_layer` column of an upload: a PDF's, read from its bytes; null for any other format. */
function textLayerOf(upload: UploadedFile): number | null {
  if (upload.kind !== 'pdf') return null;
  const hasText = pdfHasText(upload.data);
  return hasText === null ? null : Number(hasText);
}

export const sha256Of = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

/** The SHA-256 of a stored file, read as a stream (the local folder or the bucket alike), or null when it is missing. */
export async function storedSha256(store: FileStore, key: string): Promise<string | null> {
  const stream: Readable | null = await store.read(key);
  if (!stream) return null;
  const hash = createHash('sha256');
  for await (const chunk of stream as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}

/** Whether an asset's `file` column holds a stored image's JSON (a raster with variants) rather than a key. */
const isImageJson = (file: string): boolean => file.startsWith('{');

/** Every key an asset's `file` names: the main file and a raster's variants. */
export const keysOfAssetFile = (file: string): string[] => (isImageJson(file) ? imageFiles(file) : [file]);

/** The key of an asset's main file (what a download or a picture without variants serves). */
export const mainKeyOf = (file: string): string => (isImageJson(file) ? (JSON.parse(file) as StoredImage).src : file);

/** An asset's file as a stored image, a key-only picture (SVG, a logo's PNG) without variants. */
export function storedImageOf(asset: { file: string; width: number | null; height: number | null }): StoredImage {
  if (isImageJson(asset.file)) return JSON.parse(asset.file) as StoredImage;
  return { src: asset.file, width: asset.width ?? 0, height: asset.height ?? 0, variants: [] };
}

/** Stores one checked upload in `folder` the way `mode` keeps it; 413 or 415 for a picture sharp refuses. */
export async function storeAssetFile(store: FileStore, folder: string, upload: UploadedFile, mode: StorageMode): Promise<StoredAssetFile> {
  const kind = kindOfFormat(upload.kind);
  const common = { kind, format: upload.kind, size: upload.data.length, sha256: sha256Of(upload.data), textLayer: textLayerOf(upload) };
  if (kind === 'image' && (mode === 'picture' || !DOWNLOAD_PICTURE_FORMATS.includes(upload.kind))) {
    const image = await storeUploadedImage(store, folder, upload);
    const raster = RASTER_FORMATS.includes(upload.kind);
    return { ...common, file: raster ? JSON.stringify(image) : image.src, width: image.width, height: image.height };
  }
  // A download's size is what visitors download (a logo's PNG re-encoded).
  const stored = await storeDownloadFile(store, folder, upload);
  return { ...common, file: stored.key, size: stored.size, width: null, height: null };
}

/** The keys among `keys` that no asset names: only those may be removed when a record stops pointing to them. */
export async function keysNoAssetNames(db: Db, keys: readonly string[]): Promise<string[]> {
  const owners = await ownersOf(db, keys);
  return [...new Set(keys)].filter((key) => !owners.has(key));
}

/** The assets that own `keys`, by key. */
export async function ownersOf(db: Db, keys: readonly string[]): Promise<Map<string, number>> {
  const unique = [...new Set(keys)];
  const owners = new Map<string, number>();
  for (let at = 0; at < unique.length; at += 500) {
    const rows = await db
      .selectFrom('asset_files')
      .select(['key', 'asset_id'])
      .where('key', 'in', unique.slice(at, at + 500))
      .execute();
    for (const row of rows) owners.set(row.key, row.asset_id);
  }
  return owners;
}

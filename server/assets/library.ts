import type { Insertable, Kysely, Selectable } from 'kysely';
import { acceptedFormatsText, type FileFormat, type UploadField } from '../../lib/resources/index.js';
import type { StoredDocument } from '../../lib/types.js';
import type { FileChanges } from '../records/fileChanges.js';
import type { UploadedFile } from '../records/upload.js';
import { keepWords } from '../records/words.js';
import { nowIso } from '../content/visibility.js';
import type { AssetsTable, Db, Trx } from '../db/schema.js';
import type { FileStore } from '../files/store.js';
import { formError } from '../http/validation.js';
import { keysOfAssetFile, mainKeyOf, sha256Of, storeAssetFile, storedImageOf, type StorageMode, type StoredAssetFile } from './files.js';

export type AssetRow = Selectable<AssetsTable> & { version: number };

/** The storage folder of files uploaded into the library itself (record forms keep their resource's folder). */
export const LIBRARY_FOLDER = 'assets';

/** The oldest asset holding these very bytes (the same SHA-256), if any. */
export async function assetWithSha(db: Db, sha256: string): Promise<AssetRow | undefined> {
  return (await db.selectFrom('assets').selectAll().where('sha256', '=', sha256).orderBy('id').executeTakeFirst()) as AssetRow | undefined;
}

export async function assetById(db: Db, id: number): Promise<AssetRow | undefined> {
  return (await db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirst()) as AssetRow | undefined;
}

/** Names an asset's files as its own, so that no record write, purge or sweep removes them while it exists. */
export async function claimFiles(trx: Db, assetId: number, file: string): Promise<void> {
  await trx.deleteFrom('asset_files').where('asset_id', '=', assetId).execute();
  await trx
    .insertInto('asset_files')
    .values(keysOfAssetFile(file).map((key) => ({ key, asset_id: assetId })))
    .execute();
}

/** Adds an asset for stored files, with the files claimed, inside the caller's transaction. */
export async function insertAsset(
  trx: Db,
  stored: StoredAssetFile,
  details: Pick<Insertable<AssetsTable>, 'name' | 'folder_id' | 'created_by'> & Partial<Pick<Insertable<AssetsTable>, 'alt' | 'caption'>>,
): Promise<AssetRow> {
  const now = nowIso();
  const row = (await trx
    .insertInto('assets')
    .values({
      ...details,
      kind: stored.kind,
      format: stored.format,
      size: stored.size,
      width: stored.width,
      height: stored.height,
      sha256: stored.sha256,
      file: stored.file,
      text_layer: stored.textLayer,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()) as AssetRow;
  await claimFiles(trx, row.id, row.file);
  await keepAssetWords(trx, [row]);
  return row;
}

/** The words the library's search box finds assets by: those of their names and alt texts. */
export function keepAssetWords(db: Db, assets: readonly { id: number; name: string; alt: string }[]): Promise<void> {
  return keepWords(
    db as Kysely<unknown>,
    'asset_words',
    assets.map((asset) => ({ id: asset.id, texts: [asset.name, asset.alt] })),
  );
}

/**
 * An upload on its way into the library: the asset holding the same bytes already, or the files just stored for a
 * new one (removed again if the write fails), which `settle` adds inside the write's transaction.
 */
export type PreparedUpload = { upload: UploadedFile; existing: AssetRow } | { upload: UploadedFile; stored: StoredAssetFile };

/** Reuses the asset with the same bytes, or stores the upload (its files then follow the write's outcome). */
export async function prepareUpload(
  db: Db,
  store: FileStore,
  files: FileChanges,
  upload: UploadedFile,
  folder: string,
  mode: StorageMode,
): Promise<PreparedUpload> {
  const existing = await assetWithSha(db, sha256Of(upload.data));
  if (existing) return { upload, existing };
  const stored = await storeAssetFile(store, folder, upload, mode);
  files.stored(keysOfAssetFile(stored.file));
  return { upload, stored };
}

/** The asset of a prepared upload, added now (in the write's transaction) when it was new. */
export async function settleUpload(trx: Trx, prepared: PreparedUpload, createdBy: number | null): Promise<AssetRow> {
  if ('existing' in prepared) return prepared.existing;
  return insertAsset(trx, prepared.stored, { name: prepared.upload.name, folder_id: null, created_by: createdBy });
}

/** What a record's upload column keeps of an asset: a picture's stored image, a document under its name. */
export function columnValueOf(field: UploadField, asset: AssetRow, documentName?: string): string {
  if (field.kind === 'image') return JSON.stringify(storedImageOf(asset));
  const src = mainKeyOf(asset.file);
  const format = src.slice(src.lastIndexOf('.') + 1);
  const textLayer = asset.text_layer === null ? {} : { text_layer: asset.text_layer === 1 };
  return JSON.stringify({ src, name: documentName ?? asset.name, size: asset.size, format, ...textLayer } satisfies StoredDocument);
}

/** 400 when a field cannot hold the asset's format (a PDF as a cover, a GIF as a logo). */
export function checkAssetFits(name: string, field: UploadField, asset: AssetRow): void {
  if (!field.formats.includes(asset.format as FileFormat)) {
    throw formError({ [name]: [acceptedFormatsText(field.formats)] });
  }
}

/** The library asset a write names (`{ "asset": id }`), checked to exist and to fit the field. */
export async function pickedAsset(trx: Db, name: string, field: UploadField, id: number): Promise<AssetRow> {
  const asset = await assetById(trx, id);
  if (!asset) throw formError({ [name]: ['Такого файла в медиатеке нет.'] });
  checkAssetFits(name, field, asset);
  return asset;
}

import type { FastifyRequest } from 'fastify';
import { isColumnUpload, type ImageField, type ResourceDescriptor, type UploadField } from '../../lib/resources/index.js';
import type { StoredDocument } from '../../lib/types.js';
import type { FileChanges } from '../records/fileChanges.js';
import type { UploadedFile } from '../records/upload.js';
import { columnValueOf, pickedAsset, prepareUpload, settleUpload, type PreparedUpload } from '../assets/library.js';
import { imageFiles } from '../files/images.js';
import type { FileStore } from '../files/store.js';
import type { Db, Row, Trx, Values } from './hooks.js';

/** The upload fields a record keeps in its own columns (images, single files): their files, and how a write sets them. */

export const imageFields = (resource: ResourceDescriptor) =>
  Object.entries(resource.fields).filter((entry): entry is [string, ImageField] => entry[1].kind === 'image');

/** Upload fields kept in the record's own column: images, and single files (several files are a hook's rows). */
export const columnUploads = (resource: ResourceDescriptor) =>
  Object.entries(resource.fields).filter((entry): entry is [string, UploadField] => isColumnUpload(entry[1]));

/** The files one upload column points to. */
function filesOfColumn(field: UploadField, json: string | null): string[] {
  if (field.kind === 'image') return imageFiles(json);
  return json ? [(JSON.parse(json) as StoredDocument).src] : [];
}

/** Every file a row's upload columns point to. */
export const columnFilesOf = (resource: ResourceDescriptor, row: Row): string[] =>
  columnUploads(resource).flatMap(([name, field]) => filesOfColumn(field, (row[name] as string | null) ?? null));

/** Stores (or finds in the library, by SHA-256) the uploads kept in columns, before the write's transaction. */
export async function prepareColumnUploads(db: Db, store: FileStore, resource: ResourceDescriptor, uploads: readonly UploadedFile[], files: FileChanges) {
  const prepared: PreparedUpload[] = [];
  for (const [name, field] of columnUploads(resource)) {
    const upload = uploads.find((file) => file.field === name);
    if (upload) prepared.push(await prepareUpload(db, store, files, upload, resource.name, field.kind === 'image' ? 'picture' : 'download'));
  }
  return prepared;
}

/**
 * The upload columns a write sets, inside its transaction: each upload or picked library asset (`{ "asset": id }`)
 * as the asset it is, a new upload added to the library, and each sent as `null` (a plain REST resource's removal)
 * emptied; what the columns held before is no longer theirs.
 */
export async function settleColumnUploads(
  trx: Trx,
  request: FastifyRequest,
  resource: ResourceDescriptor,
  prepared: readonly PreparedUpload[],
  values: Values,
  files: FileChanges,
  current: Row | null,
): Promise<Values> {
  const columns: Values = {};
  for (const [name, field] of columnUploads(resource)) {
    const upload = prepared.find((entry) => entry.upload.field === name);
    const picked = values[name];
    if (upload) columns[name] = columnValueOf(field, await settleUpload(trx, upload, request.user?.id ?? null), upload.upload.name);
    else if (typeof picked === 'number') columns[name] = columnValueOf(field, await pickedAsset(trx, name, field, picked));
    else if (picked === null) columns[name] = null;
    else continue;
    if (current) files.replaced(filesOfColumn(field, (current[name] as string | null) ?? null));
  }
  return columns;
}

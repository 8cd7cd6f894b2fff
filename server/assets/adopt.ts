import type { Kysely } from 'kysely';
import { isColumnUpload, RESOURCES, type FileFormat } from '../../lib/resources/index.js';
import type { StoredDocument, StoredImage } from '../../lib/types.js';
import { formatOfExtension } from '../admin/upload.js';
import { isUniqueViolation } from '../admin/unique.js';
import { declared } from '../db/declared.js';
import type { Database } from '../db/schema.js';
import type { FileStore } from '../files/store.js';
import { kindOfFormat, storedSha256, type StoredAssetFile } from './files.js';
import { insertAsset } from './library.js';
import { keepUses } from './uses.js';

/** A stored file a record names that is not yet a library asset. */
interface Found {
  /** What the asset's `file` keeps: a raster's stored image JSON, else the key. */
  file: string;
  key: string;
  format: FileFormat;
  name: string;
  width: number | null;
  height: number | null;
}

const formatOf = (key: string): FileFormat | undefined => formatOfExtension(key.slice(key.lastIndexOf('.') + 1));

/** What an upload column's value names, as an asset would keep it; null for a value that is not what it should be. */
function foundIn(kind: 'image' | 'files', json: string): Found | null {
  try {
    if (kind === 'image') {
      const image = JSON.parse(json) as StoredImage;
      const format = formatOf(image.src);
      if (!format) return null;
      return {
        file: image.variants.length ? json : image.src,
        key: image.src,
        format,
        name: image.src.split('/').pop() ?? image.src,
        width: image.width,
        height: image.height,
      };
    }
    const document = JSON.parse(json) as StoredDocument;
    const format = formatOf(document.src);
    return format ? { file: document.src, key: document.src, format, name: document.name, width: null, height: null } : null;
  } catch {
    return null;
  }
}

/** Every stored file the records name (pictures, single files, a logo's files), by key; the same file once. */
async function namedByRecords(db: Kysely<Database>): Promise<Map<string, Found>> {
  const found = new Map<string, Found>();
  for (const resource of RESOURCES) {
    for (const [column, field] of Object.entries(resource.fields)) {
      if (!isColumnUpload(field)) continue;
      const rows = await declared(db).selectFrom(resource.table).select(column).where(column, 'is not', null).execute();
      for (const row of rows) {
        const entry = typeof row[column] === 'string' ? foundIn(field.kind, row[column]) : null;
        if (entry && !found.has(entry.key)) found.set(entry.key, entry);
      }
    }
  }
  for (const row of await db.selectFrom('photobank_logo_files').select('file').execute()) {
    const format = formatOf(row.file);
    if (format && !found.has(row.file))
      found.set(row.file, { file: row.file, key: row.file, format, name: row.file.split('/').pop() ?? row.file, width: null, height: null });
  }
  return found;
}

/**
 * Makes every upload the records name a library asset, and fills where each asset is used: the uploads made before
 * the library existed. No file is copied: the asset names the record's own keys, and its SHA-256 is read from the
 * storage (the local folder or the bucket). Runs at every start after the migrations and does nothing once every
 * upload is an asset; a file the storage no longer has stays the record's, as it was. Answers how many assets it added.
 */
export async function adoptUploads(db: Kysely<Database>, store: FileStore): Promise<number> {
  const named = await namedByRecords(db);
  const owned = new Set((await db.selectFrom('asset_files').select('key').execute()).map((row) => row.key));
  const missing = [...named.values()].filter((entry) => !owned.has(entry.key));
  let added = 0;
  for (const entry of missing) {
    const [sha256, size] = await Promise.all([storedSha256(store, entry.key), store.size(entry.key)]);
    if (sha256 === null || size === null) continue;
    const stored: StoredAssetFile = {
      kind: kindOfFormat(entry.format),
      format: entry.format,
      file: entry.file,
      width: entry.width,
      height: entry.height,
      size,
      sha256,
    };
    // Another process starting at the same moment may take the file first: its asset stands.
    try {
      await db.transaction().execute(async (trx) => {
        if (await trx.selectFrom('asset_files').select('key').where('key', '=', entry.key).executeTakeFirst()) return;
        await insertAsset(trx, stored, { name: entry.name, folder_id: null, created_by: null });
        added += 1;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  if (added) await keepEveryUse(db);
  return added;
}

/** Where every record uses library assets, record by record. */
async function keepEveryUse(db: Kysely<Database>): Promise<void> {
  for (const resource of RESOURCES) {
    const columns = Object.entries(resource.fields).filter(([, field]) => isColumnUpload(field) || field.kind === 'html');
    const logos = resource.name === 'photobank-logos';
    if (!columns.length && !logos) continue;
    const rows = await declared(db)
      .selectFrom(resource.table)
      .select(['id', ...columns.map(([name]) => name)])
      .execute();
    // One transaction a resource: a large site's first start writes its uses in a few commits, not one per record.
    await db.transaction().execute(async (trx) => {
      for (const row of rows) {
        const id = Number(row.id);
        const extra: Record<string, string[]> = logos
          ? { files: (await trx.selectFrom('photobank_logo_files').select('file').where('item_id', '=', id).execute()).map((file) => file.file) }
          : {};
        await keepUses(trx, resource, { ...row, id }, extra);
      }
    });
  }
}

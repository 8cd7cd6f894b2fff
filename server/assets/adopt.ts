import type { Kysely } from 'kysely';
import { isColumnUpload, RESOURCES, type FileFormat, type ResourceDescriptor } from '../../lib/resources/index.js';
import type { StoredDocument, StoredImage } from '../../lib/types.js';
import { formatOfExtension } from '../records/upload.js';
import { isUniqueViolation } from '../records/unique.js';
import { declared } from '../db/declared.js';
import type { Database } from '../db/schema.js';
import { namedFiles, type FileColumnVisitor } from '../files/fileColumns.js';
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

/**
 * What one read of the file columns tells the adoption: every stored file the records name (pictures, single
 * files, a logo's files), by key and once, and the keys the library holds already. Fill it by passing `visit` to
 * `namedFiles`, the read the start-up sweep makes anyway.
 */
export class RecordUploads {
  readonly named = new Map<string, Found>();
  readonly owned = new Set<string>();

  /** `names`: the names files get as assets, by key (the demo content's readable ones); else a file's own name. */
  constructor(private readonly names: ReadonlyMap<string, string> = new Map()) {}

  readonly visit: FileColumnVisitor = (column, value) => {
    if (column.table === 'asset_files') this.owned.add(value);
    if (!column.libraryUse) return;
    const entry = column.kind === 'key' ? keyEntry(value) : foundIn(column.kind === 'image' ? 'image' : 'files', value);
    if (entry && !this.named.has(entry.key)) this.named.set(entry.key, { ...entry, name: this.names.get(entry.key) ?? entry.name });
  };
}

async function readRecordUploads(db: Kysely<Database>): Promise<RecordUploads> {
  const uploads = new RecordUploads();
  await namedFiles(db, uploads.visit);
  return uploads;
}

/** A file a column names by its key alone (a logo's file). */
function keyEntry(key: string): Found | null {
  const format = formatOf(key);
  return format ? { file: key, key, format, name: key.split('/').pop() ?? key, width: null, height: null } : null;
}

/**
 * Makes every upload the records name a library asset, and fills where each asset is used: the uploads made before
 * the library existed. No file is copied: the asset names the record's own keys, and its SHA-256 is read from the
 * storage (the local folder or the bucket). Runs at every start after the migrations, on what the start-up sweep's
 * read of the file columns found (`read`; read here when absent), and does nothing once every upload is an asset; a
 * file the storage no longer has stays the record's, as it was. Answers how many assets it added.
 */
export async function adoptUploads(db: Kysely<Database>, store: FileStore, read?: RecordUploads): Promise<number> {
  const { named, owned } = read ?? (await readRecordUploads(db));
  const missing = [...named.values()].filter((entry) => !owned.has(entry.key));
  let added = 0;
  for (const entry of missing) {
    // Another process starting at the same moment may take the file first: its asset stands.
    try {
      await db.transaction().execute(async (trx) => {
        if (await adoptFound(trx, store, entry)) added += 1;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  if (added) await keepEveryUse(db);
  return added;
}

/** Makes one named file an asset, unless an asset holds it already or the storage lacks it; answers whether it did. */
async function adoptFound(trx: Kysely<Database>, store: FileStore, entry: Found): Promise<boolean> {
  if (await trx.selectFrom('asset_files').select('key').where('key', '=', entry.key).executeTakeFirst()) return false;
  const [sha256, size] = await Promise.all([storedSha256(store, entry.key), store.size(entry.key)]);
  if (sha256 === null || size === null) return false;
  const stored: StoredAssetFile = {
    kind: kindOfFormat(entry.format),
    format: entry.format,
    file: entry.file,
    width: entry.width,
    height: entry.height,
    size,
    sha256,
    // Adopted files were uploaded before the library read PDFs: not known.
    textLayer: null,
  };
  await insertAsset(trx, stored, { name: entry.name, folder_id: null, created_by: null });
  return true;
}

/**
 * A record back from the trash may name files no asset holds any more (the old files of an asset replaced while the
 * record was in the trash): they become assets again, inside the restore's transaction, so that the record uses
 * them like any other and visitors see them while they see the record.
 */
export async function adoptRecordFiles(
  trx: Kysely<Database>,
  store: FileStore,
  resource: ResourceDescriptor,
  row: Readonly<Record<string, unknown>>,
  extra: Record<string, string[]> = {},
): Promise<void> {
  const found: Found[] = [];
  for (const [name, field] of Object.entries(resource.fields)) {
    const value = row[name];
    if (isColumnUpload(field) && typeof value === 'string' && value) {
      const entry = foundIn(field.kind === 'image' ? 'image' : 'files', value);
      if (entry) found.push(entry);
    }
  }
  for (const keys of Object.values(extra)) found.push(...keys.map(keyEntry).filter((entry) => entry !== null));
  for (const entry of found) await adoptFound(trx, store, entry);
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

import type { Kysely } from 'kysely';
import { isColumnUpload, RESOURCES, type Field } from '../../lib/resources/index.js';
import type { StoredDocument } from '../../lib/types.js';
import type { Database } from '../db/schema.js';
import { imageFiles } from './images.js';
import { declared } from '../db/declared.js';
import { keysOfPrevious } from '../assets/previous.js';

type FileColumnKind = 'image' | 'document' | 'key' | 'keys' | 'previousAsset';

export interface FileColumn {
  table: string;
  column: string;
  /** Whether a file named here is a record's use of a library asset (its pictures, files and a logo's files). */
  libraryUse: boolean;
  /**
   * - `image`: JSON of a stored image (`{ src, variants: [{ src }] }`, see `storeImage`), all of whose files count;
   * - `document`: JSON of a stored document (`{ src, name, size, format }`);
   * - `key`: a single key such as `photobank/logos/….svg`;
   * - `keys`: JSON of an array of keys;
   * - `previousAsset`: the file an asset kept from before its last replacement (server/assets/previous.ts).
   */
  kind: FileColumnKind;
}

/** Columns that name files but are no declared field: kept by the resources' hooks. */
const HOOK_FILE_COLUMNS: readonly FileColumn[] = [
  // Video previews are fetched from the video service, not uploaded: no library asset.
  { table: 'media_video', column: 'preview', kind: 'image', libraryUse: false },
  { table: 'photobank_logo_items', column: 'preview', kind: 'key', libraryUse: false },
  { table: 'photobank_logo_files', column: 'file', kind: 'key', libraryUse: true },
  // Removed records keep their files until the trash entry is purged.
  { table: 'trash', column: 'files', kind: 'keys', libraryUse: false },
  // Every file of the media library, whether a record uses it or not.
  { table: 'asset_files', column: 'key', kind: 'key', libraryUse: false },
  // The file a library asset had before its last replacement, kept to undo it.
  { table: 'assets', column: 'previous_file', kind: 'previousAsset', libraryUse: false },
];

/**
 * Every column that names files in the uploads folder: the declared image and single-file fields of every
 * resource, and the hooks' own. The start-up sweep keeps exactly the files these columns name.
 */
export const FILE_COLUMNS: readonly FileColumn[] = [
  ...RESOURCES.flatMap((resource) =>
    Object.entries(resource.fields as Readonly<Record<string, Field>>).flatMap(([column, field]): FileColumn[] =>
      isColumnUpload(field) ? [{ table: resource.table, column, kind: field.kind === 'image' ? 'image' : 'document', libraryUse: true }] : [],
    ),
  ),
  ...HOOK_FILE_COLUMNS,
];

/** The files a column's value names; a value that is not the JSON it should be names none (and is logged by no one). */
function filesOf(kind: FileColumnKind, value: string | null): string[] {
  if (!value) return [];
  if (kind === 'key') return [value];
  try {
    if (kind === 'keys') return JSON.parse(value) as string[];
    if (kind === 'previousAsset') return keysOfPrevious(value);
    return kind === 'image' ? imageFiles(value) : [(JSON.parse(value) as StoredDocument).src];
  } catch {
    return [];
  }
}

/** Told of every value of a file column as `namedFiles` reads it. */
export type FileColumnVisitor = (column: FileColumn, value: string) => void;

/**
 * Every upload key the database names, across `FILE_COLUMNS`, read in one snapshot: a record moving between its
 * table and the trash while the tables are read is seen in one of them, never in neither. `visit` sees every value
 * on the way, so that the start's other reader of these columns (the library's adoption) needs no read of its own.
 */
export async function namedFiles(db: Kysely<Database>, visit?: FileColumnVisitor): Promise<Set<string>> {
  return declared(db)
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const named = new Set<string>();
      for (const fileColumn of FILE_COLUMNS) {
        const { table, column, kind } = fileColumn;
        const rows = await trx.selectFrom(table).select(column).where(column, 'is not', null).execute();
        for (const row of rows) {
          const value = (row[column] as string | null) ?? null;
          if (value && visit) visit(fileColumn, value);
          for (const key of filesOf(kind, value)) named.add(key);
        }
      }
      return named;
    });
}

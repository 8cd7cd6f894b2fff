import type { Kysely } from 'kysely';
import { RESOURCES, type Field } from '../../lib/resources/index.js';
import type { StoredDocument } from '../../lib/types.js';
import type { Database } from '../db/schema.js';
import { imageFiles } from './images.js';
import { declared } from '../db/declared.js';

type FileColumnKind = 'image' | 'document' | 'key' | 'keys';

interface FileColumn {
  table: string;
  column: string;
  /**
   * - `image`: JSON of a stored image (`{ src, variants: [{ src }] }`, see `storeImage`), all of whose files count;
   * - `document`: JSON of a stored document (`{ src, name, size, format }`);
   * - `key`: a single key such as `photobank/logos/….svg`;
   * - `keys`: JSON of an array of keys.
   */
  kind: FileColumnKind;
}

/** Columns that name files but are no declared field: kept by the resources' hooks. */
const HOOK_FILE_COLUMNS: readonly FileColumn[] = [
  { table: 'media_video', column: 'preview', kind: 'image' },
  { table: 'photobank_logo_items', column: 'preview', kind: 'key' },
  { table: 'photobank_logo_files', column: 'file', kind: 'key' },
  // Removed records keep their files until the trash entry is purged.
  { table: 'trash', column: 'files', kind: 'keys' },
  // Every file of the media library, whether a record uses it or not.
  { table: 'asset_files', column: 'key', kind: 'key' },
];

/**
 * Every column that names files in the uploads folder: the declared image and single-file fields of every
 * resource, and the hooks' own. The start-up sweep keeps exactly the files these columns name.
 */
export const FILE_COLUMNS: readonly FileColumn[] = [
  ...RESOURCES.flatMap((resource) =>
    Object.entries(resource.fields as Readonly<Record<string, Field>>).flatMap(([column, field]): FileColumn[] => {
      if (field.kind === 'image') return [{ table: resource.table, column, kind: 'image' }];
      if (field.kind === 'files' && field.maxFiles === 1) return [{ table: resource.table, column, kind: 'document' }];
      return [];
    }),
  ),
  ...HOOK_FILE_COLUMNS,
];

/** The files a column's value names; a value that is not the JSON it should be names none (and is logged by no one). */
function filesOf(kind: FileColumnKind, value: string | null): string[] {
  if (!value) return [];
  if (kind === 'key') return [value];
  try {
    if (kind === 'keys') return JSON.parse(value) as string[];
    return kind === 'image' ? imageFiles(value) : [(JSON.parse(value) as StoredDocument).src];
  } catch {
    return [];
  }
}

/**
 * Every upload key the database names, across `FILE_COLUMNS`, read in one snapshot: a record moving between its
 * table and the trash while the tables are read is seen in one of them, never in neither.
 */
export async function namedFiles(db: Kysely<Database>): Promise<Set<string>> {
  return declared(db)
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const named = new Set<string>();
      for (const { table, column, kind } of FILE_COLUMNS) {
        const rows = await trx.selectFrom(table).select(column).where(column, 'is not', null).execute();
        for (const row of rows) for (const key of filesOf(kind, (row[column] as string | null) ?? null)) named.add(key);
      }
      return named;
    });
}

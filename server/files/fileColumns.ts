import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { imageFiles } from './images.js';

/**
 * Every column that names files in the uploads folder, in one place: the start-up sweep keeps exactly the files
 * these columns name. A new resource with files adds its line here.
 * - `image`: JSON of a stored image (`{ src, variants: [{ src }] }`, see `storeImage`), all of whose files count;
 * - `key`: a single key such as `photobank/logos/….svg`.
 */
export const FILE_COLUMNS = [
  { table: 'news', column: 'image', kind: 'image' },
  { table: 'media_our', column: 'image', kind: 'image' },
  { table: 'media_sources', column: 'logo', kind: 'image' },
  { table: 'media_video', column: 'preview', kind: 'image' },
  { table: 'photobank_photos', column: 'image', kind: 'image' },
  { table: 'photobank_logo_items', column: 'preview', kind: 'key' },
  { table: 'photobank_logo_files', column: 'file', kind: 'key' },
] as const satisfies readonly { table: keyof Database; column: string; kind: 'image' | 'key' }[];

type LooseDatabase = Record<string, Record<string, string | null>>;

/** The files a column's value names; a value that is not the JSON it should be names none (and is logged by no one). */
function filesOf(kind: 'image' | 'key', value: string | null): string[] {
  if (!value) return [];
  if (kind === 'key') return [value];
  try {
    return imageFiles(value);
  } catch {
    return [];
  }
}

/** Every upload key the database names, across `FILE_COLUMNS`. */
export async function namedFiles(db: Kysely<Database>): Promise<Set<string>> {
  const loose = db as unknown as Kysely<LooseDatabase>;
  const named = new Set<string>();
  for (const { table, column, kind } of FILE_COLUMNS) {
    const rows = await loose.selectFrom(table).select(column).where(column, 'is not', null).execute();
    for (const row of rows) for (const key of filesOf(kind, row[column] ?? null)) named.add(key);
  }
  return named;
}

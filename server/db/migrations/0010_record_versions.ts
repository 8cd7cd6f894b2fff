import type { Kysely } from 'kysely';

/** The tables of editable records: each row gets a version, bumped by every write (the admin's `If-Match`). */
const VERSIONED_TABLES = [
  'news',
  'media_our',
  'media_sources',
  'media_other',
  'media_video',
  'text_pages',
  'menu_items',
  'network_collections',
  'photobank_groups',
  'photobank_categories',
  'photobank_logo_items',
  'photobank_photos',
  'investor_documents',
  'users',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of VERSIONED_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
  }
}

import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

const EPOCH = sql`'1970-01-01T00:00:00.000Z'`;

/**
 * The media library: folders (nested, names unique among siblings), assets (an image or a document with its stored
 * files), the files each asset names (one row per key, so that "is this file an asset's?" is one index read), and
 * where each asset is used. The admin lists' indexes follow from the declarations (declared indexes); the ones here
 * serve the library's own reads: duplicates by SHA-256, uses by asset and by record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('asset_folders')
    .addColumn('id', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn('parent_id', 'integer', (col) => col.references('asset_folders.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(EPOCH))
    .addColumn('updated_at', 'text', (col) => col.notNull().defaultTo(EPOCH))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  // Siblings' names are unique, the root's children included (a null parent counts as 0).
  await sql`create unique index asset_folders_sibling_name_idx on asset_folders ((coalesce(parent_id, 0)), name)`.execute(db);

  await db.schema
    .createTable('assets')
    .addColumn('id', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn('folder_id', 'integer', (col) => col.references('asset_folders.id'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('format', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('alt', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('caption', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('size', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('focal_x', postgres ? 'double precision' : 'real', (col) => col.notNull().defaultTo(0.5))
    .addColumn('focal_y', postgres ? 'double precision' : 'real', (col) => col.notNull().defaultTo(0.5))
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('file', 'text', (col) => col.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(EPOCH))
    .addColumn('updated_at', 'text', (col) => col.notNull().defaultTo(EPOCH))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('assets_sha256_idx').on('assets').columns(['sha256']).execute();

  await db.schema
    .createTable('asset_files')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('asset_id', 'integer', (col) => col.notNull().references('assets.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('asset_files_asset_idx').on('asset_files').columns(['asset_id']).execute();

  await db.schema
    .createTable('asset_uses')
    .addColumn('asset_id', 'integer', (col) => col.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('resource', 'text', (col) => col.notNull())
    .addColumn('record_id', 'integer', (col) => col.notNull())
    .addColumn('field', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('asset_uses_pk', ['asset_id', 'resource', 'record_id', 'field'])
    .execute();
  await db.schema.createIndex('asset_uses_record_idx').on('asset_uses').columns(['resource', 'record_id']).execute();
}

import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/**
 * Old addresses of the site and where each leads now (`server/redirects/`): one row per old path, which is unique.
 * Rows are added by a change of a record's public address and by a MANAGER.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('redirects')
    .addColumn('id', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn('from_path', 'text', (col) => col.notNull().unique())
    .addColumn('to_path', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('redirects_to_path_idx').on('redirects').column('to_path').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('redirects').ifExists().execute();
}

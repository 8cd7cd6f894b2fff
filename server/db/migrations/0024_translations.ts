import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/**
 * A record's versions in the site's other languages (server/translations/): one row per record and language, its
 * localized fields' values as JSON, so that declaring a field localized needs no migration of the resource's
 * table. `translated` tells whether the version is complete enough to be shown (its required fields filled): the
 * public lists and the admin's «нет перевода» filter read it through an index. An English slug has its own column
 * and index, as English pages are found by it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('translations')
    .addColumn('id', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn('resource', 'text', (col) => col.notNull())
    .addColumn('record_id', 'integer', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('field_values', 'text', (col) => col.notNull())
    .addColumn('slug', 'text')
    .addColumn('translated', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('translations_record_locale_key', ['resource', 'record_id', 'locale'])
    .execute();
  await db.schema.createIndex('translations_translated_idx').on('translations').columns(['resource', 'locale', 'translated', 'record_id']).execute();
  await sql`create unique index translations_slug_idx on translations (resource, locale, slug) where slug is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('translations').ifExists().execute();
}

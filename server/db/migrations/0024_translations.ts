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
  await searchEntriesPerLanguage(db);
}

/**
 * The search keeps an entry per record and language: the Russian one as before, an English one for a record
 * translated into English; the site's search reads the entries of its language. The entry's uniqueness takes the
 * language in. SQLite cannot change a table's constraint: the table is made again with the same rows and ids (the
 * full-text table's rowids name them).
 */
async function searchEntriesPerLanguage(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table search_index add column locale text not null default 'ru'`.execute(db);
    await sql`alter table search_index drop constraint search_index_record_unique`.execute(db);
    await sql`alter table search_index add constraint search_index_record_unique unique (resource, record_id, locale)`.execute(db);
    return;
  }
  const columns = sql.raw('id, resource, record_id, title, body, url, date, public_at, published, unpublish_at');
  await sql`create table search_index_by_locale (
    id integer primary key autoincrement, resource text not null, record_id integer not null, title text not null,
    body text not null, url text not null, date text not null, public_at text, published integer not null,
    unpublish_at text, locale text not null default 'ru',
    constraint search_index_record_unique unique (resource, record_id, locale))`.execute(db);
  await sql`insert into search_index_by_locale (${columns}) select ${columns} from search_index`.execute(db);
  await sql`drop table search_index`.execute(db);
  await sql`alter table search_index_by_locale rename to search_index`.execute(db);
  await sql`create index search_index_resource_order_idx on search_index (resource, id, record_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('translations').ifExists().execute();
}

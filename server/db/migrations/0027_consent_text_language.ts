import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/**
 * A kept consent text remembers its language: a visitor on the English site agrees to the English text, which is
 * kept beside the Russian one of the same version. The texts kept so far were all Russian. One text per page,
 * version and language.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table consent_texts add column locale text not null default 'ru'`.execute(db);
    await sql`alter table consent_texts drop constraint consent_texts_page_version_key`.execute(db);
    await sql`alter table consent_texts add constraint consent_texts_page_version_locale_key unique (page_id, page_version, locale)`.execute(db);
    return;
  }
  // SQLite cannot drop a table's unique constraint: the table is made again with the new one, the ids kept, so that
  // every enquiry still points to its text. References are not checked while the old table makes way for the new.
  // A restore replays migrations inside its own transaction (references off for all of it): the table is rebuilt there.
  if (db.isTransaction) {
    await rebuildWithLocale(db);
    return;
  }
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(rebuildWithLocale);
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function rebuildWithLocale(trx: Kysely<unknown>): Promise<void> {
  await trx.schema
    .createTable('consent_texts_by_language')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('page_id', 'integer', (col) => col.notNull())
    .addColumn('page_version', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`'1970-01-01T00:00:00.000Z'`))
    .addColumn('locale', 'text', (col) => col.notNull().defaultTo('ru'))
    .addUniqueConstraint('consent_texts_page_version_locale_key', ['page_id', 'page_version', 'locale'])
    .execute();
  await sql`insert into consent_texts_by_language (id, page_id, page_version, title, content, sha256, created_at)
    select id, page_id, page_version, title, content, sha256, created_at from consent_texts`.execute(trx);
  await sql`drop table consent_texts`.execute(trx);
  await sql`alter table consent_texts_by_language rename to consent_texts`.execute(trx);
}

import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/**
 * The full-text search index: one row per searchable record (its title, plain text, public URL, date and
 * visibility). PostgreSQL keeps the Russian `tsvector` in the row under a GIN index; SQLite keeps the stems in an
 * FTS5 table whose rowid is the row's id. The start-up fills an empty index from the existing records.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  let table = db.schema
    .createTable('search_index')
    .addColumn('id', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn('resource', 'text', (col) => col.notNull())
    .addColumn('record_id', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('date', 'text', (col) => col.notNull())
    .addColumn('public_at', 'text')
    .addColumn('published', 'integer', (col) => col.notNull())
    .addUniqueConstraint('search_index_record_unique', ['resource', 'record_id']);
  if (postgres) table = table.addColumn('document', sql`tsvector`, (col) => col.notNull());
  await table.execute();
  if (postgres) {
    await sql`create index search_index_document_idx on search_index using gin (document)`.execute(db);
  } else {
    // The stems are computed in JS (the same Snowball stemmer as PostgreSQL's), so FTS5 only splits on spaces.
    await sql`create virtual table search_fts using fts5(title, body, tokenize = 'unicode61 remove_diacritics 0')`.execute(db);
  }
}

import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';
import { keepWords } from '../../records/words.js';

/**
 * The words of every asset's name and alt text, one row each, for the library's search box: a word of the query is
 * the beginning of a word found through the index rather than a substring looked for in every row. On PostgreSQL
 * the words compare byte by byte (collation "C"), so that a word's beginning is a range of the index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('asset_words')
    .addColumn('word', 'text', (col) => (isPostgres(db) ? col.modifyFront(sql`collate "C"`) : col).notNull())
    .addColumn('record_id', 'integer', (col) => col.notNull().references('assets.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('asset_words_pk', ['word', 'record_id'])
    .execute();
  // A record's words in order: the other words of a query are checked for the rarest one's records by this index.
  await db.schema.createIndex('asset_words_record_idx').on('asset_words').columns(['record_id', 'word']).execute();
  const typed = db as Kysely<{ assets: { id: number; name: string; alt: string } }>;
  let after = 0;
  for (;;) {
    const rows = await typed.selectFrom('assets').select(['id', 'name', 'alt']).where('id', '>', after).orderBy('id').limit(1000).execute();
    const last = rows.at(-1);
    if (!last) return;
    await keepWords(
      db,
      'asset_words',
      rows.map((row) => ({ id: row.id, texts: [row.name, row.alt] })),
    );
    after = last.id;
  }
}

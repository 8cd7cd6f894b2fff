import { sql, type Kysely } from 'kysely';
import type { ResourceDescriptor } from '../../lib/resources/index.js';
import type { Database, Db } from '../db/schema.js';
import { documentOf, SEARCHABLE, searchableNamed, type SearchableResource, type SearchDocument } from './documents.js';
import { TRANSLATION_LOCALES } from '../../lib/locales.js';
import { translatedAmong } from '../translations/store.js';
import { withTranslatedValues } from '../translations/publicReads.js';
import { searchConfiguration } from './language.js';
import { normalizedText, stemsOf } from './text.js';
import { isPostgres } from '../db/dialect.js';

/** The database or a transaction: the write path indexes inside the write's own transaction. */

async function removeDocument(db: Db, resource: string, recordId: number): Promise<void> {
  if (!isPostgres(db)) {
    await sql`delete from search_fts where rowid in (select id from search_index where resource = ${resource} and record_id = ${recordId})`.execute(db);
  }
  await db.deleteFrom('search_index').where('resource', '=', resource).where('record_id', '=', recordId).execute();
}

/** The PostgreSQL row of a document: its words stemmed into a tsvector, the title weighing more than the text. */
const postgresRow = (document: SearchDocument): SearchDocument => {
  const configuration = sql.lit(searchConfiguration(document.locale));
  return {
    ...document,
    // PostgreSQL stems the words normalised in JS (ё as е, split the same way), in the entry's language.
    document: sql`setweight(to_tsvector(${configuration}, ${normalizedText(document.title)}), 'A') || setweight(to_tsvector(${configuration}, ${normalizedText(document.body)}), 'B')`,
  } as SearchDocument;
};

/** Documents a rebuild inserts with one statement (two on SQLite), within both dialects' limits of bound parameters. */
const INSERT_BATCH = 500;

/** Adds documents to the index, in their order (a search that finds very many items ranks the last indexed ones). */
async function insertDocuments(db: Db, documents: readonly SearchDocument[]): Promise<void> {
  for (let start = 0; start < documents.length; start += INSERT_BATCH) {
    const batch = documents.slice(start, start + INSERT_BATCH);
    if (isPostgres(db)) {
      await db.insertInto('search_index').values(batch.map(postgresRow)).execute();
      continue;
    }
    // Rows get ascending ids in the order inserted; RETURNING promises no order of its own.
    const ids = (await db.insertInto('search_index').values(batch).returning('id').execute()).map((row) => row.id).sort((a, b) => a - b);
    const rows = batch.map((document, index) => sql`(${ids[index]}, ${stemsOf(document.title).join(' ')}, ${stemsOf(document.body).join(' ')})`);
    await sql`insert into search_fts (rowid, title, body) values ${sql.join(rows)}`.execute(db);
  }
}

/** Brings one record's entry up to date (a no-op for resources the search does not index). */
export async function indexRecord(db: Db, resource: ResourceDescriptor, row: Readonly<Record<string, unknown>>): Promise<void> {
  const searchable = searchableNamed(resource.name);
  if (!searchable) return;
  await removeDocument(db, searchable.name, Number(row.id));
  await insertDocuments(db, [documentOf(searchable, row), ...(await translatedDocuments(db, searchable, [row]))]);
}

/** The entries of the records' versions in other languages, for those translated into one. */
async function translatedDocuments(db: Db, resource: SearchableResource, rows: readonly Readonly<Record<string, unknown>>[]): Promise<SearchDocument[]> {
  const documents: SearchDocument[] = [];
  for (const locale of TRANSLATION_LOCALES) {
    const translated = await translatedAmong(
      db,
      resource,
      rows.map((row) => Number(row.id)),
      locale,
    );
    const versions = await withTranslatedValues(
      db,
      resource,
      locale,
      rows.filter((row) => translated.has(Number(row.id))),
    );
    documents.push(...versions.map((version) => documentOf(resource, version, locale)));
  }
  return documents;
}

/** Drops one record's entry (after it was removed). */
export async function unindexRecord(db: Db, resource: ResourceDescriptor, id: number): Promise<void> {
  if (searchableNamed(resource.name)) await removeDocument(db, resource.name, id);
}

/**
 * Rebuilds the whole index from the records, in one transaction, oldest first: a search that finds very many items
 * ranks the most recently indexed ones. Answers how many records it indexed.
 */
export async function reindexAll(db: Kysely<Database>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if (!isPostgres(trx)) await sql`delete from search_fts`.execute(trx);
    await trx.deleteFrom('search_index').execute();
    const documents: SearchDocument[] = [];
    for (const resource of SEARCHABLE) {
      const rows = (await (trx as unknown as Kysely<Record<string, Record<string, unknown>>>).selectFrom(resource.table).selectAll().execute()) as Record<
        string,
        unknown
      >[];
      for (const row of rows) documents.push(documentOf(resource, row));
      documents.push(...(await translatedDocuments(trx, resource, rows)));
    }
    documents.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    await insertDocuments(trx, documents);
    return documents.length;
  });
}

/** Fills an empty index when there are records (a database from before the search, or rows written outside the admin). */
export async function ensureSearchIndex(db: Kysely<Database>): Promise<void> {
  const indexed = await db.selectFrom('search_index').select('id').limit(1).executeTakeFirst();
  if (!indexed) await reindexAll(db);
}

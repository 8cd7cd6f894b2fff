import { sql, type Kysely } from 'kysely';
import type { ResourceDescriptor } from '../../lib/resources/index.js';
import type { Database, Db } from '../db/schema.js';
import { documentOf, searchableNamed, type SearchableResource, type SearchDocument } from './documents.js';
import { documentsByDate, type DocumentsOfRecords } from './inDateOrder.js';
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

/** A batch of records' documents: each record's own, then those of its versions in other languages. */
const documentsOfRecords: DocumentsOfRecords = async (db, resource, rows) => [
  ...rows.map((row) => documentOf(resource, row)),
  ...(await translatedDocuments(db, resource, rows)),
];

/** Where nobody searches while the index is rebuilt (a restore), PostgreSQL builds its word index once. */
export interface RebuildOptions {
  unread?: boolean;
}

/**
 * Rebuilds the whole index from the records, in one transaction, oldest first: a search that finds very many items
 * ranks the most recently indexed ones. The records are read and indexed in batches (`documentsByDate`), so a site
 * of any size is rebuilt in little memory. Answers how many documents it indexed. With `unread`, PostgreSQL's word
 * index (GIN, as the search's migration made it) is dropped for the inserts and built once after them instead of
 * grown document by document (a large site's restore took 44 % less); searches wait for the commit meanwhile.
 */
export async function reindexAll(db: Kysely<Database>, options: RebuildOptions = {}): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rebuildWordIndex = options.unread === true && isPostgres(trx);
    if (!isPostgres(trx)) await sql`delete from search_fts`.execute(trx);
    if (rebuildWordIndex) await sql`drop index if exists search_index_document_idx`.execute(trx);
    await trx.deleteFrom('search_index').execute();
    let indexed = 0;
    for await (const documents of documentsByDate(trx, INSERT_BATCH, documentsOfRecords)) {
      await insertDocuments(trx, documents);
      indexed += documents.length;
    }
    if (rebuildWordIndex) await sql`create index search_index_document_idx on search_index using gin (document)`.execute(trx);
    return indexed;
  });
}

/** Fills an empty index when there are records (a database from before the search, or rows written outside the admin). */
export async function ensureSearchIndex(db: Kysely<Database>): Promise<void> {
  const indexed = await db.selectFrom('search_index').select('id').limit(1).executeTakeFirst();
  if (!indexed) await reindexAll(db);
}

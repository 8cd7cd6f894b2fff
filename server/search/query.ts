import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database, Db } from '../db/schema.js';
import { SEARCH_RESULTS_MAX } from '../../lib/search.js';
import { indexedVisibleNow } from '../content/visibility.js';
import type { SearchDocument } from './documents.js';
import { normalizedText, stemOf, stemsOf, wordsOf } from './text.js';
import { isPostgres } from '../db/dialect.js';
import { DEFAULT_LOCALE, type Locale } from '../../lib/locales.js';
import { searchConfiguration } from './language.js';

/** The query's stems, without repeats; none when it has only stop words or no words at all. */
export const queryStems = (q: string): string[] => [...new Set(stemsOf(q))];

/**
 * The query as each database reads it: every word must be found, in any of its forms. PostgreSQL stems the
 * normalised words itself (`plainto_tsquery('russian', …)`); SQLite's FTS5 matches the stems computed here
 * (quoted: they are letters and digits only).
 */
const tsQuery = (q: string, locale: Locale) => sql`plainto_tsquery(${sql.lit(searchConfiguration(locale))}, ${normalizedText(q)})`;
const ftsMatch = (stems: readonly string[]) => stems.map((stem) => `"${stem}"`).join(' ');

export interface SearchOptions {
  q: string;
  /** The resources to look in. */
  resources: readonly string[];
  /** Only what visitors may see (the site), or drafts and scheduled items too (the admin). */
  publicOnly: boolean;
  limit: number;
  offset: number;
  /** The language of the entries looked in; Russian when absent. */
  locale?: Locale;
}

/** A found item, as the index keeps it. */
export type IndexedItem = Omit<SearchDocument, 'locale'>;

interface Candidate {
  id: number;
  score: number;
  date: string;
}

/**
 * The matching entries, the most recently indexed first, at most `SEARCH_RESULTS_MAX + 1` of them, each with its
 * relevance (higher is better; the title weighs more than the text). The index is written in date order and an edit
 * re-indexes its record, so the most recently indexed entries are the newest items.
 */
function candidatesOf(db: Db, options: SearchOptions, stems: readonly string[]) {
  const postgres = isPostgres(db);
  const locale = options.locale ?? DEFAULT_LOCALE;
  const conditions: RawBuilder<SqlBool>[] = [
    postgres ? sql<SqlBool>`si.document @@ ${tsQuery(options.q, locale)}` : sql<SqlBool>`search_fts match ${ftsMatch(stems)}`,
    sql<SqlBool>`si.resource in (${sql.join(options.resources)})`,
    sql<SqlBool>`si.locale = ${locale}`,
  ];
  if (options.publicOnly) conditions.push(indexedVisibleNow('si'));
  const where = sql.join(conditions, sql` and `);
  const limit = SEARCH_RESULTS_MAX + 1;
  return postgres
    ? sql<Candidate>`select c.id, ts_rank(c.document, ${tsQuery(options.q, locale)}) as score, c.date
        from (select si.id, si.document, si.date from search_index si where ${where} order by si.id desc limit ${limit}) c`.execute(db)
    : sql<Candidate>`select si.id, -bm25(search_fts, 10.0, 1.0) as score, si.date
        from search_fts join search_index si on si.id = search_fts.rowid where ${where} order by search_fts.rowid desc limit ${limit}`.execute(db);
}

const byRelevanceThenDate = (a: Candidate, b: Candidate) => b.score - a.score || (a.date < b.date ? 1 : a.date > b.date ? -1 : b.id - a.id);

/**
 * The items found, most relevant first, then the newest; their total, and whether there are more than the search
 * counts. A query that matches more than `SEARCH_RESULTS_MAX` items (a very common word) is ranked among the newest
 * `SEARCH_RESULTS_MAX` of them: counting and ranking every match would make one query cost as much as the whole index.
 */
export async function searchIndex(db: Db, options: SearchOptions): Promise<{ items: IndexedItem[]; total: number; more: boolean }> {
  const stems = queryStems(options.q);
  if (!stems.length || !options.resources.length) return { items: [], total: 0, more: false };
  const { rows } = await candidatesOf(db, options, stems);
  const more = rows.length > SEARCH_RESULTS_MAX;
  const ranked = rows
    .slice(0, SEARCH_RESULTS_MAX)
    .map((row) => ({ id: Number(row.id), score: Number(row.score), date: row.date }))
    .sort(byRelevanceThenDate);
  const pageIds = ranked.slice(options.offset, options.offset + options.limit).map((candidate) => candidate.id);
  if (!pageIds.length) return { items: [], total: ranked.length, more };
  const found = await db
    .selectFrom('search_index')
    .select(['id', 'resource', 'record_id', 'title', 'body', 'url', 'date', 'public_at', 'unpublish_at', 'published'])
    .where('id', 'in', pageIds)
    .execute();
  const byId = new Map(found.map(({ id, ...item }) => [Number(id), { ...item, record_id: Number(item.record_id), published: Number(item.published) }]));
  return { items: pageIds.flatMap((id) => byId.get(id) ?? []), total: ranked.length, more };
}

/** Words shorter than this are not read as beginnings: one or two letters would begin most words of the index. */
const MIN_PREFIX_LENGTH = 3;

/**
 * What an editor types, as each database reads it: every word must be found, either as the beginning of a stem
 * («компан» finds «компания», «компании»; «компа» finds «компакт» too) or in any of its forms (a whole word typed,
 * «компаниями», has a stem shorter than itself), stop words left out. Both dialects get the words and stems computed
 * here, so they find the same records; PostgreSQL reads them with the `simple` configuration, which does not stem
 * them again.
 */
function prefixQuery(postgres: boolean, q: string): string | null {
  const terms = [...new Set(wordsOf(q))].flatMap((word) => {
    const stem = stemOf(word);
    if (!stem) return [];
    if (word.length < MIN_PREFIX_LENGTH) return [postgres ? `'${stem}'` : `"${stem}"`];
    return [postgres ? `('${word}':* | '${stem}')` : `("${word}"* OR "${stem}")`];
  });
  return terms.length ? terms.join(postgres ? ' & ' : ' AND ') : null;
}

/**
 * The ids of a resource's records the admin lists' search box finds (drafts and scheduled items too), every word
 * as a prefix: at most `SEARCH_RESULTS_MAX + 1` of them, the most recently indexed first, as the site's search
 * bounds its matches. None when the query has no word to look for.
 */
export async function matchingRecordIds(db: Kysely<Database>, resource: string, q: string): Promise<number[]> {
  const postgres = isPostgres(db);
  const query = prefixQuery(postgres, q);
  if (!query) return [];
  const limit = SEARCH_RESULTS_MAX + 1;
  const { rows } = postgres
    ? await db.transaction().execute(async (trx) => {
        // The index of the resource's entries (migration 0022) reads the table in the order it was written, as the
        // primary key does; PostgreSQL cannot tell that from its statistics and, costing its reads as random, walks
        // every resource's entries instead (48 ms → 14 ms for a common word in press items).
        await sql`set local random_page_cost = 1.1`.execute(trx);
        return sql<{ record_id: number }>`select record_id from search_index
          where resource = ${resource} and document @@ to_tsquery('simple', ${query}) order by id desc limit ${limit}`.execute(trx);
      })
    : // SQLite would look each entry up in its row, text and all; the index holds what the check needs (migration 0022).
      await sql<{ record_id: number }>`select si.record_id from search_fts
        join search_index si indexed by search_index_resource_order_idx on si.resource = ${resource} and si.id = search_fts.rowid
        where search_fts match ${query} order by search_fts.rowid desc limit ${limit}`.execute(db);
  return rows.map((row) => Number(row.record_id));
}

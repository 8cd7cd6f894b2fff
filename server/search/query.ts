import { PostgresAdapter, sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.js';
import { nowIso } from '../content/visibility.js';
import type { SearchDocument } from './documents.js';
import { normalizedText, stemsOf } from './text.js';

type Db = Kysely<Database>;

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The query's stems, without repeats; none when it has only stop words or no words at all. */
export const queryStems = (q: string): string[] => [...new Set(stemsOf(q))];

/**
 * The query as each database reads it: every word must be found, in any of its forms. PostgreSQL stems the
 * normalised words itself (`plainto_tsquery('russian', …)`); SQLite's FTS5 matches the stems computed here
 * (quoted: they are letters and digits only).
 */
const tsQuery = (q: string) => sql`plainto_tsquery('russian', ${normalizedText(q)})`;
const ftsMatch = (stems: readonly string[]) => stems.map((stem) => `"${stem}"`).join(' ');

/** The public rule: published, and `public_at` (when the item has one) has come. */
const visibleNow = (alias: string) =>
  sql<SqlBool>`${sql.ref(`${alias}.published`)} = 1 and (${sql.ref(`${alias}.public_at`)} is null or ${sql.ref(`${alias}.public_at`)} <= ${nowIso()})`;

export interface SearchOptions {
  q: string;
  /** The resources to look in. */
  resources: readonly string[];
  /** Only what visitors may see (the site), or drafts and scheduled items too (the admin). */
  publicOnly: boolean;
  limit: number;
  offset: number;
}

/** A found item, as the index keeps it. */
export type IndexedItem = SearchDocument;

/** The items found, most relevant first (the title weighs more than the text), then the newest; and their total. */
export async function searchIndex(db: Db, options: SearchOptions): Promise<{ items: IndexedItem[]; total: number }> {
  const stems = queryStems(options.q);
  if (!stems.length || !options.resources.length) return { items: [], total: 0 };
  const postgres = isPostgres(db);
  const conditions: RawBuilder<SqlBool>[] = [
    postgres ? sql<SqlBool>`si.document @@ ${tsQuery(options.q)}` : sql<SqlBool>`search_fts match ${ftsMatch(stems)}`,
    sql<SqlBool>`si.resource in (${sql.join(options.resources)})`,
  ];
  if (options.publicOnly) conditions.push(visibleNow('si'));
  const where = sql.join(conditions, sql` and `);
  const from = postgres ? sql`search_index si` : sql`search_fts join search_index si on si.id = search_fts.rowid`;
  const rank = postgres ? sql`ts_rank(si.document, ${tsQuery(options.q)}) desc` : sql`bm25(search_fts, 10.0, 1.0)`;
  const columns = sql`si.resource, si.record_id, si.title, si.body, si.url, si.date, si.public_at, si.published`;

  const counted = await sql<{
    count: number | string;
  }>`select count(*) as count from ${from} where ${where}`.execute(db);
  const total = Number(counted.rows[0]?.count ?? 0);
  if (!total || options.offset >= total) return { items: [], total };
  const found =
    await sql<IndexedItem>`select ${columns} from ${from} where ${where} order by ${rank}, si.date desc, si.id desc limit ${options.limit} offset ${options.offset}`.execute(
      db,
    );
  return {
    items: found.rows.map((row) => ({
      ...row,
      record_id: Number(row.record_id),
      published: Number(row.published),
    })),
    total,
  };
}

/**
 * `id in (…the resource's records the query finds…)`, drafts and scheduled items included: the admin lists'
 * search box. Null when the query has no word to look for.
 */
export function matchingRecords(db: Db, resource: string, q: string): RawBuilder<SqlBool> | null {
  const stems = queryStems(q);
  if (!stems.length) return null;
  return isPostgres(db)
    ? sql<SqlBool>`id in (select record_id from search_index where resource = ${resource} and document @@ ${tsQuery(q)})`
    : sql<SqlBool>`id in (select si.record_id from search_fts join search_index si on si.id = search_fts.rowid where search_fts match ${ftsMatch(stems)} and si.resource = ${resource})`;
}

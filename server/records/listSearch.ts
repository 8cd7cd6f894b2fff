import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.js';
import { isPostgres } from '../db/dialect.js';
import { declared } from '../db/declared.js';
import { escapeLike } from '../db/like.js';
import type { ListSearchIn, ListSearchReference } from '../../lib/resources/index.js';
import { wordsCondition } from './words.js';

/**
 * The search box of the admin's lists whose resource the full-text index does not hold: the query is looked for as
 * a case-insensitive substring of the `searchable` columns, or its words as beginnings of theirs (`ListSpec.searchIn`).
 */

/** The most distinct values a column may have for its values to be searched (`searchIn: 'values'`). */
export const SEARCHED_VALUES_MAX = 10_000;

/** The most rows of a referenced table (folders) a search finds records by. */
const REFERRED_MAX = 1_000;

const folded = (text: string) => text.toLocaleLowerCase('ru-RU');

/** Every row's values: right for small tables. SQLite's LIKE folds ASCII only, so Cyrillic case variants are spelled out. */
function rowsCondition(postgres: boolean, columns: readonly string[], q: string): RawBuilder<SqlBool> {
  const lower = folded(q);
  const variants = postgres ? [q] : [...new Set([q, lower, q.toLocaleUpperCase('ru-RU'), lower.charAt(0).toLocaleUpperCase('ru-RU') + lower.slice(1)])];
  const parts = columns.flatMap((column) =>
    variants.map((variant) =>
      postgres
        ? sql<SqlBool>`${sql.ref(column)} ilike ${`%${escapeLike(variant)}%`} escape '\\'`
        : sql<SqlBool>`${sql.ref(column)} like ${`%${escapeLike(variant)}%`} escape '\\'`,
    ),
  );
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/**
 * A column's distinct values in order, read from an index that begins with the column: one step of the index per
 * value, however many rows repeat it. Null when there are more than `SEARCHED_VALUES_MAX`.
 */
async function distinctValues(db: Kysely<Database>, table: string, column: string): Promise<string[] | null> {
  const { rows } = await sql<{ value: string }>`with recursive present(value) as (
      select min(${sql.ref(column)}) from ${sql.table(table)}
      union all
      select (select min(${sql.ref(column)}) from ${sql.table(table)} where ${sql.ref(column)} > present.value) from present where present.value is not null
    ) select value from present where value is not null limit ${SEARCHED_VALUES_MAX + 1}`.execute(db);
  return rows.length > SEARCHED_VALUES_MAX ? null : rows.map((row) => String(row.value));
}

/**
 * The values of each column that hold the query, then the rows holding them, both through the column's index: the
 * cost follows the number of distinct values, not of rows. Falls back to reading every row's values when a column
 * has more distinct values than the search reads.
 */
async function valuesCondition(db: Kysely<Database>, table: string, columns: readonly string[], q: string): Promise<RawBuilder<SqlBool>> {
  const wanted = folded(q);
  const parts: RawBuilder<SqlBool>[] = [];
  for (const column of columns) {
    const values = await distinctValues(db, table, column);
    if (!values) return rowsCondition(isPostgres(db), columns, q);
    const matching = values.filter((value) => folded(value).includes(wanted));
    if (matching.length) parts.push(sql<SqlBool>`${sql.ref(column)} in (${sql.join(matching)})`);
  }
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` or `)})` : sql<SqlBool>`1 = 0`;
}

/**
 * The condition of the search box over `columns` of `table`, and over the rows of other tables its `references`
 * name (an asset found by its folder's name):
 * - `rows`: every row's values are read, which suits small tables and long texts;
 * - `values`: for a large table whose searched columns repeat a few values (the audit log's e-mails, actions and
 *   resources), the matching values are found among the distinct ones first;
 * - `{ words }`: for a large table of names (the media library), each word of the query begins a word of the
 *   columns, found through the table of their words.
 */
export async function listSearchCondition(
  db: Kysely<Database>,
  {
    table,
    columns,
    searchIn,
    references = [],
  }: { table: string; columns: readonly string[]; searchIn: ListSearchIn; references?: readonly ListSearchReference[] },
  q: string,
): Promise<RawBuilder<SqlBool>> {
  const postgres = isPostgres(db);
  const own =
    typeof searchIn === 'object'
      ? await wordsCondition(db as Kysely<unknown>, table, searchIn.words, q)
      : searchIn === 'values'
        ? await valuesCondition(db, table, columns, q)
        : rowsCondition(postgres, columns, q);
  // The referenced rows that match (a few folders) go into the query as ids, so that the planner sees how few they are.
  const referred: RawBuilder<SqlBool>[] = [];
  for (const reference of references) {
    const ids = (
      await declared(db)
        .selectFrom(reference.table)
        .select('id')
        .where(rowsCondition(postgres, reference.searchable, q))
        .limit(REFERRED_MAX)
        .execute()
    ).map((row) => Number(row.id));
    if (ids.length) referred.push(sql<SqlBool>`${sql.ref(reference.column)} in (${sql.join(ids)})`);
  }
  // A condition no row meets is left out rather than joined with `or`, which would keep the others off their indexes.
  const [first, ...more] = [...(own ? [own] : []), ...referred];
  if (!first) return sql<SqlBool>`1 = 0`;
  return more.length ? sql<SqlBool>`(${sql.join([first, ...more], sql` or `)})` : first;
}

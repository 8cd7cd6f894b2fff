import { sql, type Kysely, type Transaction } from 'kysely';
import { isPostgres } from '../db/dialect.js';

type AnyDb = Kysely<unknown> | Transaction<unknown>;

/**
 * Tables an archive leaves out; every other table of the database is written, so that a table a later migration
 * adds is never forgotten. Left out: the migrations' bookkeeping (the manifest names the schema instead), the search
 * index (rebuilt from the records after a restore, like `search:reindex`), and what belongs to the running
 * installation rather than to the site: sign-in sessions and challenges, rate-limit hits, who is editing what, the
 * periodic jobs' clock and the backup runs.
 */
const LEFT_OUT = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'search_index',
  'refresh_tokens',
  'login_challenges',
  'rate_limit_hits',
  'presence',
  'periodic_jobs',
  'backup_runs',
]);

/** SQLite's own tables and the full-text tables of the SQLite search index (FTS5 keeps its data in `search_fts_*`). */
export const isLeftOut = (name: string) => LEFT_OUT.has(name) || name.startsWith('sqlite_') || name === 'search_fts' || name.startsWith('search_fts_');

/** Every table of the database, the left-out ones included. */
export async function allTables(db: AnyDb): Promise<string[]> {
  const { rows } = isPostgres(db)
    ? await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema() order by tablename`.execute(db)
    : await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(db);
  return rows.map((row) => row.name);
}

/** Which table refers to which (foreign keys), a table's references to itself left out. */
async function references(db: AnyDb): Promise<{ table: string; referenced: string }[]> {
  const { rows } = isPostgres(db)
    ? await sql<{ table: string; referenced: string }>`
        select source.relname as "table", target.relname as referenced from pg_constraint c
        join pg_class source on source.oid = c.conrelid join pg_class target on target.oid = c.confrelid
        where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`.execute(db)
    : await sql<{ table: string; referenced: string }>`
        select m.name as "table", f."table" as referenced from sqlite_master m join pragma_foreign_key_list(m.name) f
        where m.type = 'table'`.execute(db);
  return rows.filter((row) => row.table !== row.referenced);
}

/** The tables an archive holds, each after the tables it refers to, so that rows can be inserted in this order. */
export async function tablesToBackUp(db: AnyDb): Promise<string[]> {
  const names = (await allTables(db)).filter((name) => !isLeftOut(name));
  const needs = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { table, referenced } of await references(db)) if (needs.has(referenced)) needs.get(table)?.add(referenced);
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: string[]) => {
    if (placed.has(name)) return;
    if (path.includes(name)) throw new Error(`Tables refer to each other in a circle: ${[...path, name].join(' → ')}`);
    for (const referenced of needs.get(name) ?? []) place(referenced, [...path, name]);
    placed.add(name);
    ordered.push(name);
  };
  for (const name of names) place(name, []);
  return ordered;
}

/** The columns of a table that refer to the table itself (a menu item's parent, a folder's parent). */
export async function selfReferences(db: AnyDb, table: string): Promise<string[]> {
  const { rows } = isPostgres(db)
    ? await sql<{ column: string }>`
        select a.attname as "column" from pg_constraint c join pg_class t on t.oid = c.conrelid
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
        where c.contype = 'f' and c.conrelid = c.confrelid and t.relname = ${table} and c.connamespace = current_schema()::regnamespace`.execute(db)
    : await sql<{ column: string }>`select "from" as "column" from pragma_foreign_key_list(${table}) where "table" = ${table}`.execute(db);
  return rows.map((row) => row.column);
}

/** Whether a table has an `id` column (rows are read in its order, and PostgreSQL's identity follows it after a restore). */
export async function hasIdColumn(db: AnyDb, table: string): Promise<boolean> {
  const { rows } = isPostgres(db)
    ? await sql<{
        name: string;
      }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table} and column_name = 'id'`.execute(
        db,
      )
    : await sql<{ name: string }>`select name from pragma_table_info(${table}) where name = 'id'`.execute(db);
  return rows.length > 0;
}

/** The first table holding rows that an archive would hold, or null when the database holds no site yet. */
export async function firstTableWithRows(db: AnyDb): Promise<string | null> {
  for (const table of (await allTables(db)).filter((name) => !isLeftOut(name))) {
    const { rows } = await sql<{ one: number }>`select 1 as one from ${sql.table(table)} limit 1`.execute(db);
    if (rows.length > 0) return table;
  }
  return null;
}

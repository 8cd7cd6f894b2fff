import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/** The tables, in the database's own schema, that hold a publication moment and a published flag. */
async function tablesWithPublication(db: Kysely<unknown>): Promise<string[]> {
  const schema = isPostgres(db) ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name : undefined;
  const tables = await db.introspection.getTables();
  return tables
    .filter((table) => !table.isView && table.schema === schema)
    .filter((table) => ['public_at', 'published'].every((name) => table.columns.some((column) => column.name === name)))
    .map((table) => table.name);
}

/**
 * Scheduled withdrawal: `unpublish_at`, when set, is the moment a published record leaves the site (null: it
 * stays). Every content table with a publication moment gets it, and so does the search index, which keeps a copy
 * of both moments per document. The page cache looks for the next withdrawal among published records, hence an
 * index on it in the content tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of await tablesWithPublication(db)) {
    await db.schema.alterTable(table).addColumn('unpublish_at', 'text').execute();
    if (table !== 'search_index') await db.schema.createIndex(`${table}_unpublish_idx`).on(table).column('unpublish_at').execute();
  }
}

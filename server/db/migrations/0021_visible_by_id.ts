import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/** The content tables, in the database's own schema, whose records are published, dated and changed. */
async function publishedTables(db: Kysely<unknown>): Promise<string[]> {
  const schema = isPostgres(db) ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name : undefined;
  const tables = await db.introspection.getTables();
  return tables
    .filter((table) => !table.isView && table.schema === schema)
    .filter((table) => ['published', 'public_at', 'unpublish_at', 'updated_at'].every((name) => table.columns.some((column) => column.name === name)))
    .map((table) => table.name);
}

/**
 * The sitemap numbers the visible records of a table by id and takes the latest change of each run of them: an index
 * holding exactly those columns, published ones first in id order, answers it without reading the records' text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of await publishedTables(db)) {
    await db.schema.createIndex(`${table}_visible_by_id_idx`).on(table).columns(['published', 'id', 'public_at', 'unpublish_at', 'updated_at']).execute();
  }
}

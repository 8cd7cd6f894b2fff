import type { Kysely } from 'kysely';

/**
 * The file an asset had before its last replacement (JSON of its file columns and when it was replaced), kept so
 * that the replacement can be undone; null when there is none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('assets').addColumn('previous_file', 'text').execute();
}

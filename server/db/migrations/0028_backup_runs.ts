import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/** Every scheduled backup's outcome: when it ran, the archive it wrote and its size, or why it failed. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('backup_runs')
    .addColumn('id', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text', (col) => col.notNull())
    .addColumn('succeeded', 'integer', (col) => col.notNull())
    .addColumn('archive', 'text')
    .addColumn('size', 'integer')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('backup_runs_outcome_idx').on('backup_runs').columns(['succeeded', 'finished_at']).execute();
}

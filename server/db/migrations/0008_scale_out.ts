import { type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/**
 * What several processes on one database share: the hits of the per-IP and per-account rate limits, and when
 * each periodic job last ran (so that a job due once a period runs on one process, once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('id', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn('bucket', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_hits_key_idx').on('rate_limit_hits').columns(['bucket', 'key', 'at']).execute();
  await db.schema.createIndex('rate_limit_hits_at_idx').on('rate_limit_hits').column('at').execute();

  await db.schema
    .createTable('periodic_jobs')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('last_run_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('periodic_jobs').ifExists().execute();
  await db.schema.dropTable('rate_limit_hits').ifExists().execute();
}

import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/**
 * Who has which record open in the admin (server/presence/): one row per open edit screen, refreshed by its
 * heartbeat. It lives in the database so that every process behind the balancer sees the same editors.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('presence')
    .addColumn('id', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tab', 'text', (col) => col.notNull())
    .addColumn('resource', 'text', (col) => col.notNull())
    .addColumn('record_id', 'integer', (col) => col.notNull())
    .addColumn('since', 'text', (col) => col.notNull())
    .addColumn('last_seen', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('presence_screen_idx').on('presence').columns(['user_id', 'tab', 'resource', 'record_id']).unique().execute();
  await db.schema.createIndex('presence_record_idx').on('presence').columns(['resource', 'record_id', 'last_seen']).execute();
  await db.schema.createIndex('presence_last_seen_idx').on('presence').column('last_seen').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('presence').ifExists().execute();
}

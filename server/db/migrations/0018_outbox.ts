import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/** Messages to other systems (mail, IndexNow), kept until delivered: a delivery that fails is retried later. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('due_at', 'text', (col) => col.notNull())
    .addColumn('last_error', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('sent_at', 'text')
    .addColumn('answer', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`'1970-01-01T00:00:00.000Z'`))
    .execute();
  await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['sent_at', 'due_at']).execute();
  await db.schema.createIndex('outbox_kind_idx').on('outbox').columns(['kind', 'id']).execute();
}

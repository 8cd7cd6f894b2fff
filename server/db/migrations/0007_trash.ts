import { type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/**
 * The trash: removed records of the resources that declare `trash`, each kept as the JSON of its row with the
 * files it named, until it is restored or purged. One entry per record (`resource`, `record_id`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('trash')
    .addColumn('id', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn('resource', 'text', (col) => col.notNull())
    .addColumn('record_id', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('row', 'text', (col) => col.notNull())
    .addColumn('files', 'text', (col) => col.notNull())
    .addColumn('removed_by_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('removed_by_email', 'text', (col) => col.notNull())
    .addColumn('removed_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('trash_record_unique', ['resource', 'record_id'])
    .execute();
  await db.schema.createIndex('trash_removed_idx').on('trash').columns(['removed_at', 'id']).execute();
}

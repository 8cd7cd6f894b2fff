import { type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/**
 * Revisions: the version of a record a save replaced (its restorable field values as JSON), who saved, when, and
 * which fields the save changed. Read per record, newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('revisions')
    .addColumn('id', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn('resource', 'text', (col) => col.notNull())
    .addColumn('record_id', 'integer', (col) => col.notNull())
    .addColumn('field_values', 'text', (col) => col.notNull())
    .addColumn('changed', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('revisions_record_idx').on('revisions').columns(['resource', 'record_id', 'id']).execute();
}

import { type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/**
 * Kept versions of admin forms with unsaved changes: one per user, resource and record (`new` for a create form),
 * the form's values as JSON and the record version the editor started from. Removed with the user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('form_drafts')
    .addColumn('id', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('resource', 'text', (col) => col.notNull())
    .addColumn('record_key', 'text', (col) => col.notNull())
    .addColumn('form_values', 'text', (col) => col.notNull())
    .addColumn('version', 'integer')
    .addColumn('saved_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('form_drafts_unique', ['user_id', 'resource', 'record_key'])
    .execute();
  await db.schema.createIndex('form_drafts_saved_idx').on('form_drafts').column('saved_at').execute();
}

import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/**
 * Drafts beside the live version of content records (one per record: its values as a save would send them, the
 * other languages included), and the review's steps (submitted, returned with a comment, published) with who took
 * them: the comment history and what the review's letters are about.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('record_drafts')
    .addColumn('id', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn('resource', 'text', (col) => col.notNull())
    .addColumn('record_id', 'integer', (col) => col.notNull())
    .addColumn('draft_values', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('base_version', 'integer', (col) => col.notNull())
    .addColumn('saved_by', 'integer')
    .addColumn('saved_by_email', 'text', (col) => col.notNull())
    .addColumn('saved_at', 'text', (col) => col.notNull())
    .addColumn('review_state', 'text', (col) => col.notNull().defaultTo('none'))
    .addColumn('publish_at', 'text')
    .addColumn('scheduled_by', 'integer')
    .execute();
  await db.schema.createIndex('record_drafts_record_idx').unique().on('record_drafts').columns(['resource', 'record_id']).execute();
  await db.schema.createIndex('record_drafts_publish_idx').on('record_drafts').column('publish_at').execute();
  await db.schema
    .createTable('review_events')
    .addColumn('id', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn('resource', 'text', (col) => col.notNull())
    .addColumn('record_id', 'integer', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('comment', 'text')
    .addColumn('user_id', 'integer')
    .addColumn('user_email', 'text', (col) => col.notNull())
    .addColumn('author_id', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('review_events_record_idx').on('review_events').columns(['resource', 'record_id', 'id']).execute();
}

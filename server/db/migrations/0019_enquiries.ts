import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

const EPOCH = sql`'1970-01-01T00:00:00.000Z'`;

/**
 * The feedback form: the topics a MANAGER edits, the consent texts visitors agreed to (one row per version of the
 * page), and the enquiries with the proof of their consent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  const id = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()));
  await id('enquiry_topics')
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('position', 'integer')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await id('consent_texts')
    .addColumn('page_id', 'integer', (col) => col.notNull())
    .addColumn('page_version', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(EPOCH))
    .addUniqueConstraint('consent_texts_page_version_key', ['page_id', 'page_version'])
    .execute();
  await id('enquiries')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('new'))
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('topic_id', 'integer', (col) => col.references('enquiry_topics.id').onDelete('set null'))
    .addColumn('topic_title', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('consent_text_id', 'integer', (col) => col.notNull().references('consent_texts.id'))
    .addColumn('consent_at', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(EPOCH))
    .addColumn('created_on', 'text', (col) => col.notNull().defaultTo('1970-01-01'))
    .addColumn('updated_at', 'text', (col) => col.notNull().defaultTo(EPOCH))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('enquiries_created_idx').on('enquiries').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('enquiries_status_idx').on('enquiries').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('enquiries_email_idx').on('enquiries').column('email').execute();
  await db.schema.createIndex('enquiries_phone_idx').on('enquiries').column('phone').execute();
}

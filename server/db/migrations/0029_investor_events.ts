import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/**
 * The investor calendar: annual meetings, results publications, dividend dates, each with a page by slug and an
 * optional picture. The indexes its public list reads by (upcoming and past events) follow from its declaration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('investor_events')
    .addColumn('id', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('starts_at', 'text', (col) => col.notNull())
    .addColumn('ends_at', 'text')
    .addColumn('place', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('image', 'text')
    .addColumn('image_alt', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('public_at', 'text', (col) => col.notNull())
    .addColumn('published', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`'1970-01-01T00:00:00.000Z'`))
    .addColumn('updated_at', 'text', (col) => col.notNull().defaultTo(sql`'1970-01-01T00:00:00.000Z'`))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}

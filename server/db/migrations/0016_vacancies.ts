import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/** Vacancies: a page each by slug, listed newest first and filtered by city. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('vacancies')
    .addColumn('id', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('salary_from', 'integer')
    .addColumn('salary_to', 'integer')
    .addColumn('employment', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('public_at', 'text', (col) => col.notNull())
    .addColumn('published', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`'1970-01-01T00:00:00.000Z'`))
    .addColumn('updated_at', 'text', (col) => col.notNull().defaultTo(sql`'1970-01-01T00:00:00.000Z'`))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('vacancies_public_idx').on('vacancies').columns(['published', 'public_at', 'id']).execute();
  await db.schema.createIndex('vacancies_city_idx').on('vacancies').columns(['city', 'public_at']).execute();
}

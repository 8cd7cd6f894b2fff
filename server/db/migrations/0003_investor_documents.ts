import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/** Investor documents: one file each (JSON of its key, original name, bytes and format), filtered by category and year. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('investor_documents')
    .addColumn('id', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('year', 'integer', (col) => col.notNull())
    .addColumn('file', 'text')
    .addColumn('public_at', 'text', (col) => col.notNull())
    .addColumn('published', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`'1970-01-01T00:00:00.000Z'`))
    .addColumn('updated_at', 'text', (col) => col.notNull().defaultTo(sql`'1970-01-01T00:00:00.000Z'`))
    .execute();
  await db.schema.createIndex('investor_documents_public_idx').on('investor_documents').columns(['published', 'category', 'year', 'public_at']).execute();
}

import type { Kysely } from 'kysely';

/** A text page may show a form under its text (the feedback form on /kontakty). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('text_pages').addColumn('form', 'text').execute();
}

import type { Kysely } from 'kysely';

/**
 * Whether a PDF asset has a text layer (1), is a scan without one (0) that screen readers cannot read, or is no
 * PDF or could not be told (null): read once when the file is uploaded, so that lists show it without the file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('assets').addColumn('text_layer', 'integer').execute();
}

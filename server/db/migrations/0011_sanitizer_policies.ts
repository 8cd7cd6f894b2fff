import type { Kysely } from 'kysely';

/**
 * The versions of the sanitiser's rules the stored rich HTML has been sanitised under (`SANITIZER_POLICY_VERSION`
 * of server/content/sanitize.ts), with when. At start, a code version newer than the highest here sanitises the
 * stored HTML once more (server/content/sanitizerPolicy.ts); a database from before this table has none, so its
 * HTML, partly written before every write was sanitised, is sanitised once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sanitizer_policies')
    .addColumn('version', 'integer', (col) => col.primaryKey())
    .addColumn('applied_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sanitizer_policies').ifExists().execute();
}

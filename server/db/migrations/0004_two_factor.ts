import { type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/**
 * Two-factor sign-in for staff: the TOTP state of each account, its one-time recovery codes, the short-lived
 * challenges between the password step and the code step, and a small key/value table of site settings (the
 * MANAGER's "require two-factor sign-in for all staff").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);

  // One column per statement: SQLite's ALTER TABLE adds one column at a time.
  await db.schema
    .alterTable('users')
    .addColumn('two_factor', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_pending_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').columns(['user_id', 'code_hash']).execute();

  await db.schema
    .createTable('login_challenges')
    .addColumn('id', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_challenges_user_idx').on('login_challenges').column('user_id').execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('settings').ifExists().execute();
  await db.schema.dropTable('login_challenges').ifExists().execute();
  await db.schema.dropTable('recovery_codes').ifExists().execute();
  for (const column of ['totp_last_step', 'totp_pending_secret', 'totp_secret', 'two_factor']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}

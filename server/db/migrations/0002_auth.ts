import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/** Refresh tokens of login sessions and the audit log. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('family', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`'1970-01-01T00:00:00.000Z'`))
    .execute();
  await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family').execute();
  await db.schema.createIndex('refresh_tokens_expires_idx').on('refresh_tokens').column('expires_at').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('user_email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('resource', 'text', (col) => col.notNull())
    .addColumn('record_id', 'text')
    .addColumn('ip', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('audit_log_user_idx').on('audit_log').columns(['user_id', 'created_at']).execute();
  // Failed logins per account are counted from the log (server/auth/loginAttempts.ts).
  await db.schema.createIndex('audit_log_email_idx').on('audit_log').columns(['user_email', 'action', 'created_at']).execute();
  await db.schema.createIndex('audit_log_resource_idx').on('audit_log').columns(['resource', 'record_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').ifExists().execute();
  await db.schema.dropTable('refresh_tokens').ifExists().execute();
}

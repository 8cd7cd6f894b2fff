import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/**
 * Roles beside the two of the specification: each a name, a title in Russian and its actions by resource (JSON).
 * The built-in USER and MANAGER are rows too (their rights follow the declarations and are not stored), which every
 * start makes where they are missing (`ensureBuiltinRoles`): a restore replays this migration before it inserts the
 * archive's rows, its own among them. An account's role may now name any of them: the check that allowed
 * only USER and MANAGER goes. An audit entry may say in words what changed (the role an account was given).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('roles')
    .addColumn('id', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('builtin', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('permissions', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema.alterTable('audit_log').addColumn('details', 'text').execute();

  if (postgres) {
    await sql`alter table users drop constraint if exists users_role_check`.execute(db);
    return;
  }
  // SQLite cannot drop a check: the table is made again from its own statement without it, ids kept, so that every
  // session, code and audit entry still points to its account. References are not checked while the old table
  // makes way for the new. A restore replays migrations inside its own transaction (references off for all of it).
  if (db.isTransaction) {
    await rebuildUsersWithoutRoleCheck(db);
    return;
  }
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(rebuildUsersWithoutRoleCheck);
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/** The check as the first migration declared it (Kysely writes it so in the table's statement). */
const ROLE_CHECK = " check (role in ('USER', 'MANAGER'))";

async function rebuildUsersWithoutRoleCheck(trx: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = 'users' and sql is not null`.execute(trx);
  const table = rows.find((row) => row.type === 'table');
  if (!table?.sql?.includes(ROLE_CHECK)) return;
  const created = table.sql.replace(ROLE_CHECK, '').replace(/^create table\s+"?users"?/i, 'create table "users_without_role_check"');
  await sql.raw(created).execute(trx);
  await sql`insert into users_without_role_check select * from users`.execute(trx);
  await sql`drop table users`.execute(trx);
  await sql`alter table users_without_role_check rename to users`.execute(trx);
  for (const index of rows.filter((row) => row.type === 'index')) if (index.sql) await sql.raw(index.sql).execute(trx);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('roles').execute();
  await db.schema.alterTable('audit_log').dropColumn('details').execute();
}

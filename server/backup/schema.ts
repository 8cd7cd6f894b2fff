import { sql, type Transaction } from 'kysely';
import { isPostgres } from '../db/dialect.js';
import { migrationsInOrder } from '../db/migrate.js';
import { allTables } from './tables.js';

type Trx = Transaction<unknown>;

/** Kysely's table of applied migrations, as its migrator makes it, so that the server's next start carries on from it. */
const MIGRATION_TABLE = 'kysely_migration';

/** The migrations up to and including `last`, then the ones after it; fails when this code does not know `last`. */
export async function migrationsAround(last: string) {
  const all = await migrationsInOrder();
  const index = all.findIndex(([name]) => name === last);
  if (index < 0) {
    throw new Error(`The archive's schema (${last}) is not one this version of the site knows: restore it with the version that made it, or a newer one.`);
  }
  return { upToArchive: all.slice(0, index + 1), later: all.slice(index + 1) };
}

/**
 * Empties the database inside the restore's transaction: every table goes, except the migrations' bookkeeping,
 * which is emptied, so that the schema is built again migration by migration. SQLite must have its foreign keys
 * switched off for the transaction (a pragma that cannot change inside one).
 */
export async function dropEverything(trx: Trx): Promise<void> {
  const postgres = isPostgres(trx);
  const tables = (await allTables(trx)).filter((name) => !name.startsWith('kysely_migration') && !name.startsWith('sqlite_'));
  if (postgres && tables.length) await sql`drop table if exists ${sql.join(tables.map((name) => sql.table(name)))} cascade`.execute(trx);
  // FTS5's own tables go with their virtual table, so each is dropped only if it is still there.
  if (!postgres) for (const name of tables) await sql`drop table if exists ${sql.table(name)}`.execute(trx);
  await trx.schema
    .createTable(MIGRATION_TABLE)
    .ifNotExists()
    .addColumn('name', 'varchar(255)', (col) => col.notNull().primaryKey())
    .addColumn('timestamp', 'varchar(255)', (col) => col.notNull())
    .execute();
  await sql`delete from ${sql.table(MIGRATION_TABLE)}`.execute(trx);
}

/** Applies migrations in the transaction and records each as Kysely's migrator would. */
export async function applyMigrations(trx: Trx, migrations: Awaited<ReturnType<typeof migrationsInOrder>>): Promise<void> {
  for (const [name, migration] of migrations) {
    try {
      await migration.up(trx);
    } catch (error) {
      throw new Error(`Migration ${name} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    await sql`insert into ${sql.table(MIGRATION_TABLE)} (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(trx);
  }
}

/** PostgreSQL: every identity column continues after the largest id restored (SQLite's AUTOINCREMENT follows by itself). */
export async function resetIdentities(trx: Trx): Promise<void> {
  if (!isPostgres(trx)) return;
  const { rows } = await sql<{ table: string; sequence: string }>`
    select table_name as "table", pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
    from information_schema.columns where table_schema = current_schema() and column_name = 'id' and is_identity = 'YES'`.execute(trx);
  for (const { table, sequence } of rows) {
    if (sequence) await sql`select setval(${sequence}, coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(trx);
  }
}

/** SQLite: the foreign keys hold across the restored rows (checked once at the end, since they were off meanwhile). */
export async function checkForeignKeys(trx: Trx): Promise<void> {
  if (isPostgres(trx)) return;
  const { rows } = await sql<{ table: string; parent: string }>`pragma foreign_key_check`.execute(trx);
  const [first] = rows;
  if (first) throw new Error(`The restored rows break ${rows.length} references, the first from ${first.table} to ${first.parent}`);
}

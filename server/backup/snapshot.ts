import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { hasIdColumn, tablesToBackUp } from './tables.js';

/** How many rows are read at a time. */
const BATCH = 1000;

export type Row = Record<string, unknown>;

/**
 * The database as it was at one moment, on a connection of its own that writers do not wait for: PostgreSQL in a
 * REPEATABLE READ, READ ONLY transaction; SQLite in a read transaction, which in WAL mode keeps seeing the database
 * as it was while other connections commit. Every table is read within that one transaction.
 */
export interface Snapshot {
  dialect: 'sqlite' | 'postgres';
  /** The last migration applied. */
  migration: string;
  /** The tables to back up, referenced ones first. */
  tables: string[];
  /** A table's rows in batches, in `id` order where there is one. */
  rows(table: string): AsyncGenerator<Row[]>;
  close(): Promise<void>;
}

async function lastMigration(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
  if (!rows[0]) throw new Error('The database has no schema yet: start the site once, or restore into it, before backing it up.');
  return rows[0].name;
}

async function openSqlite(dataDir: string): Promise<Snapshot> {
  const connection = new SQLite(path.join(dataDir, 'site.db'), { fileMustExist: true });
  connection.pragma('busy_timeout = 5000');
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: connection }) });
  try {
    connection.exec('BEGIN');
    // The read transaction's snapshot is taken by its first read.
    const migration = await lastMigration(db);
    const tables = await tablesToBackUp(db);
    const ordered = new Map<string, boolean>();
    for (const table of tables) ordered.set(table, await hasIdColumn(db, table));
    return {
      dialect: 'sqlite',
      migration,
      tables,
      async *rows(table) {
        const iterator = connection.prepare(`select * from "${table}"${ordered.get(table) ? ' order by id' : ''}`).iterate() as IterableIterator<Row>;
        let batch: Row[] = [];
        for (const row of iterator) {
          batch.push(row);
          if (batch.length === BATCH) {
            yield batch;
            batch = [];
          }
        }
        if (batch.length) yield batch;
      },
      async close() {
        if (connection.inTransaction) connection.exec('ROLLBACK');
        await db.destroy();
      },
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

async function openPostgres(url: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Kysely reads the schema on the same connection, inside the same transaction.
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: { connect: async () => onlyConnection(client), end: async () => undefined } }),
  });
  try {
    await client.query('begin isolation level repeatable read read only');
    const migration = await lastMigration(db);
    const tables = await tablesToBackUp(db);
    const ordered = new Map<string, boolean>();
    for (const table of tables) ordered.set(table, await hasIdColumn(db, table));
    return {
      dialect: 'postgres',
      migration,
      tables,
      async *rows(table) {
        await client.query(`declare backup_rows no scroll cursor for select * from "${table}"${ordered.get(table) ? ' order by id' : ''}`);
        try {
          for (;;) {
            const { rows } = await client.query<Row>(`fetch forward ${BATCH} from backup_rows`);
            if (rows.length === 0) break;
            yield rows;
          }
        } finally {
          await client.query('close backup_rows');
        }
      },
      async close() {
        await client.query('rollback').catch(() => undefined);
        await client.end();
      },
    };
  } catch (error) {
    await client.end();
    throw error;
  }
}

/** The one connection, lent to Kysely and never closed by it. */
function onlyConnection(client: pg.Client): PostgresPoolClient {
  const query = (statement: string, parameters: unknown[]) => client.query(statement, parameters);
  return { query: query as unknown as PostgresPoolClient['query'], release: () => undefined };
}

/** Opens the snapshot of the configured database (`DATABASE_URL`, else SQLite in `DATA_DIR`). */
export function openSnapshot(target: { databaseUrl: string | null; dataDir: string }): Promise<Snapshot> {
  return target.databaseUrl ? openPostgres(target.databaseUrl) : openSqlite(target.dataDir);
}

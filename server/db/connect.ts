import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { withStatementCache } from './statementCache.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
}

/** Opens the database the configuration names: PostgreSQL when a URL is given, else SQLite in the data folder. */
export function connectDatabase(options: { databaseUrl: string | null; dataDir: string }): DatabaseHandle {
  if (options.databaseUrl) {
    // A query waits at most 5 s for a connection: while PostgreSQL is out of reach, requests fail (503) instead of
    // piling up, and the pool opens fresh connections by itself once it is back.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
    // An idle connection the server closed (a restart, a dropped database) is replaced by the next query; its error
    // must not end the process.
    pool.on('error', () => {});
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  const file = path.join(options.dataDir, 'site.db');
  restrictToOwner(file);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  restrictToOwner(file);
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }), dialect: 'sqlite' };
}

/**
 * The database holds password hashes and session tokens: only the server's own user may read it, like
 * `secrets.json`. The file is created 0600 before SQLite opens it (SQLite gives its `-wal` and `-shm` files the
 * database's permissions); files of an older installation are narrowed on every start.
 */
function restrictToOwner(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  for (const name of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(name)) chmodSync(name, 0o600);
  }
}

import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type LogEvent,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from 'kysely';
import pg from 'pg';
import type { DatabaseTimeouts } from '../config.js';
import type { Database } from './schema.js';
import { QueryLogPlugin } from './queryLog.js';
import { withStatementCache } from './statementCache.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** How PostgreSQL's pool is used now; null for SQLite, whose one connection is never shared out. */
  poolUse: (() => PoolUse) | null;
}

/** The connections of the pool: open ones, those of them idle, and queries waiting for one. */
export interface PoolUse {
  open: number;
  idle: number;
  waiting: number;
}

/** Watches the database's work: `onQuery` gets the duration of every statement, failed ones included. */
export interface QueryObserver {
  onQuery?: (durationMs: number) => void;
}

/** Opens the database the configuration names: PostgreSQL when a URL is given, else SQLite in the data folder. */
export function connectDatabase(
  options: { databaseUrl: string | null; dataDir: string; databaseTimeouts: DatabaseTimeouts },
  observer: QueryObserver = {},
): DatabaseHandle {
  const { onQuery } = observer;
  const log = onQuery ? (event: LogEvent) => onQuery(event.queryDurationMillis) : undefined;
  if (options.databaseUrl) {
    // While PostgreSQL is out of reach or silent, requests fail (503) within the timeouts instead of piling up, and
    // the pool opens fresh connections by itself once it answers again.
    const pool = new pg.Pool(postgresPoolSettings(options.databaseUrl, options.databaseTimeouts));
    // An idle connection the server closed (a restart, a dropped database) is replaced by the next query; its error
    // must not end the process.
    pool.on('error', () => {});
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool: closingFailedConnections(pool) }), log, plugins: [new QueryLogPlugin()] }),
      dialect: 'postgres',
      poolUse: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const file = path.join(options.dataDir, 'site.db');
  restrictToOwner(file);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  restrictToOwner(file);
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), log, plugins: [new QueryLogPlugin()] }),
    dialect: 'sqlite',
    poolUse: null,
  };
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

/**
 * How long the client waits for an answer beyond the statement timeout: a slow statement is cancelled by PostgreSQL
 * itself and its connection stays usable; only a connection that stays silent past this reaches the client's limit.
 */
const ANSWER_GRACE_MS = 500;

/** The pool's settings: every wait on PostgreSQL is bounded by the configured timeouts. */
export function postgresPoolSettings(connectionString: string, timeouts: DatabaseTimeouts): pg.PoolConfig {
  return {
    connectionString,
    max: 10,
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    idleTimeoutMillis: timeouts.idleTimeoutMs,
    // Without the delay the system's default applies: two hours of silence before the first probe.
    keepAlive: true,
    keepAliveInitialDelayMillis: timeouts.keepAliveMs,
    statement_timeout: timeouts.queryTimeoutMs,
    query_timeout: timeouts.queryTimeoutMs + ANSWER_GRACE_MS,
  };
}

/** A statement that was not sent: its connection had already failed and is closed once given back. */
export class ConnectionFailedError extends Error {
  /** SQLSTATE "connection_failure": the database is out of reach, the statement itself may be fine. */
  readonly code = '08006';

  constructor(cause: Error) {
    super(`The connection to the database failed earlier (${cause.message}); it is closed when released.`, { cause });
  }
}

/**
 * The pool as Kysely uses it, with one rule added: a connection on which a statement failed otherwise than by
 * PostgreSQL's own refusal (no answer within the query timeout, a socket error) is closed when it is given back,
 * never reused; nothing more is sent on it meanwhile, so that a transaction's rollback fails at once instead of
 * waiting behind the statement that got no answer.
 */
function closingFailedConnections(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => new CheckedConnection(await pool.connect()),
    end: () => pool.end(),
  };
}

/** One connection lent to Kysely: remembers whether it failed, and gives it back to the pool with that failure. */
class CheckedConnection implements PostgresPoolClient {
  private failure: Error | null = null;
  /** The connection dropped while lent (the pool listens only to idle ones): remembered, never thrown. */
  private readonly onError = (error: Error) => {
    this.failure ??= error;
  };

  constructor(private readonly client: pg.PoolClient) {
    client.on('error', this.onError);
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(statement: string | PostgresCursor<R>, parameters: ReadonlyArray<unknown> = []): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof statement !== 'string') throw new Error('Streaming queries are not configured.');
    return this.run<R>(statement, parameters);
  }

  release(): void {
    this.client.off('error', this.onError);
    // With an error the pool closes the connection instead of keeping it.
    this.client.release(this.failure ?? undefined);
  }

  private async run<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    if (this.failure) throw new ConnectionFailedError(this.failure);
    try {
      const { command, rowCount, rows } = await this.client.query<R & pg.QueryResultRow>(sql, [...parameters]);
      // pg types the command as any string; Kysely reads it only to count the rows a change affected.
      return { command: command as PostgresQueryResult<R>['command'], rowCount: rowCount ?? 0, rows };
    } catch (error) {
      // PostgreSQL refusing a statement leaves the connection in a known state; anything else does not.
      if (!(error instanceof pg.DatabaseError)) this.failure ??= error instanceof Error ? error : new Error(String(error));
      throw error;
    }
  }
}

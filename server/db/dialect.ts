import { PostgresAdapter, type QueryExecutor } from 'kysely';

/** Whether a database (or a transaction on one) is PostgreSQL rather than SQLite. */
export const isPostgres = (db: { getExecutor(): QueryExecutor }): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

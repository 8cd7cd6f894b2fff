import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const MAX_STATEMENTS = 500;

/**
 * better-sqlite3 for Kysely with prepared statements kept per SQL text. Kysely prepares every query again; the
 * same few dozen SQL texts serve every page, and preparing was a large share of a page's database time. A
 * statement still iterating (a streamed query) is never handed out twice: such a call gets a fresh one.
 */
export function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(source: string): SqliteStatement {
      const cached = statements.get(source);
      if (cached && !cached.busy) return cached;
      const statement = database.prepare(source);
      if (!cached) {
        // A bound on memory for code that builds SQL texts without end (it has none today).
        if (statements.size >= MAX_STATEMENTS) statements.clear();
        statements.set(source, statement);
      }
      return statement;
    },
  };
}
